import { useState, type FormEvent } from 'react';
import { callApi } from '#client/admin/api.ts';
import { ConfirmAction } from '#client/admin/confirm-action.tsx';
import { formatDate } from '#client/admin/format.ts';
import { LoadState } from '#client/admin/load-state.tsx';
import { useMe } from '#client/admin/me-context.ts';
import { useOutcome } from '#client/admin/outcome.tsx';
import type { StaffMember, StaffRole } from '#client/admin/types.ts';
import { useApi } from '#client/admin/use-api.ts';

/** Who works in the back office; owners grant and revoke their roles. */
export function StaffScreen() {
  const staff = useApi<{ staff: StaffMember[] }>('/staff');
  const outcome = useOutcome();
  const done = (message: string) => {
    outcome.done(message);
    staff.reload();
  };
  const { failed } = outcome;
  return (
    <>
      <h1>Staff</h1>
      {/* One live region for every change on the page, present before it speaks. */}
      {outcome.regions}
      <LoadState loaded={staff} label="the staff">
        {({ staff: members }) => (
          <StaffTable members={members} onRevoked={done} onFailed={failed} />
        )}
      </LoadState>
      <GrantForm onGranted={done} onFailed={failed} />
    </>
  );
}

function StaffTable({
  members,
  onRevoked,
  onFailed,
}: {
  members: StaffMember[];
  onRevoked: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const me = useMe();
  const [confirming, setConfirming] = useState<string | null>(null);
  const emailOf = new Map(members.map((member) => [member.userId, member.email]));
  // The shop keeps an owner (the server refuses too): the only one is not offered a revoke.
  const owners = members.filter((member) => member.role === 'owner').length;
  return (
    <div className="table-scroll">
      <table>
        <caption>Staff and owners</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Granted</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId}>
              <th scope="row">
                {member.email}
                {member.userId === me.id && ' (you)'}
              </th>
              <td>{member.name}</td>
              <td>{member.role}</td>
              <td>
                {formatDate(member.grantedAt)}
                {member.grantedBy === null
                  ? ' from the command line'
                  : ` by ${emailOf.get(member.grantedBy) ?? 'a former member of staff'}`}
              </td>
              <td>
                {confirming === member.userId ? (
                  <ConfirmAction
                    question={`Revoke ${member.email}’s role?`}
                    yes="Yes, revoke"
                    run={() =>
                      callApi(`/staff/${encodeURIComponent(member.userId)}`, { method: 'DELETE' })
                    }
                    onCancel={() => setConfirming(null)}
                    onDone={(result) => {
                      setConfirming(null);
                      if (result.ok) onRevoked(`${member.email} is a shopper again.`);
                      else onFailed(result.error.message);
                    }}
                  />
                ) : member.role === 'owner' && owners === 1 ? (
                  <span className="muted">The only owner</span>
                ) : (
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Revoke ${member.email}`}
                    onClick={() => setConfirming(member.userId)}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function GrantForm({
  onGranted,
  onFailed,
}: {
  onGranted: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [sending, setSending] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    const result = await callApi<{ email: string; role: StaffRole }>('/staff', {
      method: 'POST',
      body: { email: email.trim(), role },
    });
    setSending(false);
    if (result.ok) {
      setEmail('');
      onGranted(
        `${result.data.email} is now ${result.data.role === 'owner' ? 'an owner' : 'staff'}.`,
      );
    } else {
      onFailed(result.error.message);
    }
  };
  return (
    <section aria-labelledby="grant">
      <h2 id="grant">Grant a role</h2>
      <p className="muted">The person signs up in the shop first.</p>
      <form className="stack" onSubmit={(event) => void onSubmit(event)}>
        <label>
          Email
          <input
            type="email"
            name="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label>
          Role
          <select
            name="role"
            value={role}
            onChange={(event) => setRole(event.target.value === 'owner' ? 'owner' : 'staff')}
          >
            <option value="staff">Staff</option>
            <option value="owner">Owner</option>
          </select>
        </label>
        <div>
          <button type="submit" disabled={sending}>
            Grant
          </button>
        </div>
      </form>
    </section>
  );
}
