import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MAX_DISPLAY_NAME_LENGTH } from '#shared/auth-limits.ts';
import { lazy } from '#shared/lazy.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormInput } from '#client/components/ui/form-input.tsx';
import { useAppSelector } from '#client/app/hooks.ts';
import { updateDisplayName } from '#client/features/user/profile-api.ts';
import { selectAuthResolved, selectCurrentUser } from '#client/features/user/user-selectors.ts';
import accountPageCss from './account-page.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

const memberSince = lazy(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }));

/** The shopper's own account: who they are, and their display name to change. */
export function AccountPage() {
  return (
    <>
      <StyleSheet href="account-page" css={accountPageCss} />
      <AccountPageContent />
    </>
  );
}

function AccountPageContent() {
  const currentUser = useAppSelector(selectCurrentUser);
  const authResolved = useAppSelector(selectAuthResolved);
  const [draft, setDraft] = useState<string | null>(null);
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  if (!authResolved) return <p className="account-page">Loading your account…</p>;
  if (!currentUser) {
    return (
      <div className="account-page">
        <h1>Your account</h1>
        <p>
          <Link to="/signin">Sign in</Link> to see your account.
        </p>
      </div>
    );
  }

  const displayName = draft ?? currentUser.displayName;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setStatus(null);
    try {
      await updateDisplayName(currentUser.id, displayName);
      // The new name comes back through the live document, here and in every other tab.
      setDraft(null);
      setStatus({ kind: 'saved', text: 'Saved.' });
    } catch (error) {
      console.warn('Could not save the display name', error);
      setStatus({
        kind: 'error',
        text: error instanceof Error ? error.message : 'Could not save.',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="account-page">
      <h1>Your account</h1>
      <dl className="account-page__details">
        <dt>Display name</dt>
        <dd data-testid="account-display-name">{currentUser.displayName}</dd>
        <dt>Email</dt>
        <dd>{currentUser.email}</dd>
        <dt>Member since</dt>
        <dd>{memberSince().format(new Date(currentUser.createdAt))}</dd>
      </dl>
      <form className="account-page__form" onSubmit={(event) => void save(event)}>
        <h2>Change your display name</h2>
        <FormInput
          label="New display name"
          name="displayName"
          value={displayName}
          maxLength={MAX_DISPLAY_NAME_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          required
        />
        {status && (
          <p
            role={status.kind === 'error' ? 'alert' : 'status'}
            className={`account-page__${status.kind}`}
          >
            {status.text}
          </p>
        )}
        <Button type="submit" disabled={saving}>
          Save
        </Button>
      </form>
    </div>
  );
}
