import { useState, type FormEvent } from 'react';
import type { ShopSettings } from '#shared/shop-settings.ts';
import {
  ADDRESS_LINES_MAX,
  CONTACT_TEXT_MAX,
  SHOP_NAME_MAX,
  shopSettingsBody,
} from '#shared/shop-settings-schema.ts';
import { callApi } from '#client/admin/api.ts';
import { LoadState } from '#client/admin/load-state.tsx';
import { useApi } from '#client/admin/use-api.ts';

/** The form's fields: the address is one line of text per line of the address. */
type Draft = Omit<ShopSettings, 'address'> & { address: string };
type Field = keyof Draft;
type Outcome = { kind: 'done' | 'error'; message: string } | null;

const draftOf = (settings: ShopSettings): Draft => ({
  ...settings,
  address: settings.address.join('\n'),
});

const FIELDS: { field: Field; label: string; hint?: string; multiline?: boolean; type?: string }[] =
  [
    {
      field: 'name',
      label: 'Shop name',
      hint: `Shown in every page’s title, the header and emails. At most ${SHOP_NAME_MAX} characters.`,
    },
    {
      field: 'email',
      label: 'Contact email',
      type: 'email',
      hint: 'Shown on the contact page; replies to the shop’s emails go here.',
    },
    { field: 'phone', label: 'Phone', type: 'tel', hint: 'Leave empty to show no phone number.' },
    { field: 'hours', label: 'Opening hours', hint: 'Leave empty to show none.' },
    {
      field: 'address',
      label: 'Postal address',
      multiline: true,
      hint: `One line each, at most ${ADDRESS_LINES_MAX}, without the shop’s name (it is put above).`,
    },
    {
      field: 'contactText',
      label: 'Contact page text',
      multiline: true,
      hint: `Leave a blank line between paragraphs. At most ${CONTACT_TEXT_MAX} characters.`,
    },
  ];

/**
 * The shop's settings (ADR 048), the owner's: its name, contact details and contact page. A
 * save shows in the shop at once, on every page's next load.
 */
export function SettingsScreen() {
  const settings = useApi<ShopSettings>('/settings');
  return (
    <>
      <h1>Shop settings</h1>
      <LoadState loaded={settings} label="the settings">
        {(data) => <SettingsForm saved={data} />}
      </LoadState>
    </>
  );
}

function SettingsForm({ saved }: { saved: ShopSettings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const body = { ...draft, address: draft.address.split('\n') };
    // The server checks the same; checked here first to say which field is wrong.
    const checked = shopSettingsBody.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = FIELDS.find(({ field }) => found[field]);
      if (first) document.getElementById(`settings-${first.field}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    const result = await callApi<ShopSettings>('/settings', { method: 'PUT', body });
    setSending(false);
    if (result.ok) {
      setDraft(draftOf(result.data));
      setOutcome({ kind: 'done', message: 'Saved. The shop shows the new settings now.' });
    } else {
      setOutcome({ kind: 'error', message: result.error.message });
    }
  };

  return (
    <>
      <div role="status">
        {outcome?.kind === 'done' && <p className="success">{outcome.message}</p>}
      </div>
      <div role="alert">
        {outcome?.kind === 'error' && <p className="error">{outcome.message}</p>}
      </div>
      <form className="stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        {FIELDS.map(({ field, label, hint, multiline, type }) => {
          const id = `settings-${field}`;
          const error = errors[field];
          const described = [hint && `${id}-hint`, error && `${id}-error`]
            .filter(Boolean)
            .join(' ');
          const common = {
            id,
            name: field,
            value: draft[field],
            'aria-invalid': error ? true : undefined,
            'aria-describedby': described || undefined,
            onChange: (event: { target: { value: string } }) =>
              setDraft((current) => ({ ...current, [field]: event.target.value })),
          };
          return (
            <div key={field} className="field">
              <label htmlFor={id}>{label}</label>
              {hint && (
                <p id={`${id}-hint`} className="muted">
                  {hint}
                </p>
              )}
              {multiline ? (
                <textarea rows={field === 'address' ? 4 : 6} {...common} />
              ) : (
                <input
                  type={type ?? 'text'}
                  required={field === 'name' || field === 'email'}
                  autoComplete="off"
                  {...common}
                />
              )}
              {error && (
                <p id={`${id}-error`} className="error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div>
          <button type="submit" disabled={sending}>
            Save settings
          </button>
        </div>
      </form>
    </>
  );
}
