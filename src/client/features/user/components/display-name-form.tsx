import { useState, type FormEvent } from 'react';
import { MAX_DISPLAY_NAME_LENGTH } from '#shared/account-limits.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormInput } from '#client/components/ui/form-input.tsx';
import { updateDisplayName } from '#client/features/user/account-api.ts';
import type { CurrentUser } from '#client/features/user/user-slice.ts';
import { AccountSection } from './account-section.tsx';
import { FormOutcome } from './form-outcome.tsx';
import { useFormRequest } from './use-form-request.ts';

/** The display name, shown as it is until the shopper types another. */
export function DisplayNameForm({ user }: { user: CurrentUser }) {
  const [draft, setDraft] = useState<string | null>(null);
  const { outcome, pending, run } = useFormRequest();
  const displayName = draft ?? user.displayName;

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await updateDisplayName(user.id, displayName);
      // The new name comes back through the live document, here and in every other tab.
      setDraft(null);
      return 'Saved.';
    });
  };

  return (
    <AccountSection title="Change your display name">
      <form onSubmit={save}>
        <FormInput
          label="New display name"
          name="displayName"
          value={displayName}
          maxLength={MAX_DISPLAY_NAME_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          required
        />
        <Button type="submit" disabled={pending}>
          Save
        </Button>
      </form>
      <FormOutcome outcome={outcome} />
    </AccountSection>
  );
}
