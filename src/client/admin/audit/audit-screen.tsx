import { Link, useSearchParams } from 'react-router';
import { compactJson, formatDateTime } from '#client/admin/format.ts';
import { LoadState } from '#client/admin/load-state.tsx';
import type { AuditEntry } from '#client/admin/types.ts';
import { useApi } from '#client/admin/use-api.ts';
import { actionText, changedFields, subjectText } from './audit-change.ts';

/** The API's page size: a full page means there may be older entries. */
export const AUDIT_PAGE_SIZE = 50;

/** Every change made through the back office, newest first, 50 at a time. */
export function AuditScreen() {
  const [searchParams] = useSearchParams();
  const before = searchParams.get('before') ?? '';
  const audit = useApi<{ entries: AuditEntry[] }>(
    `/audit${before ? `?${new URLSearchParams({ before }).toString()}` : ''}`,
  );
  return (
    <>
      <h1>Audit trail</h1>
      {before && (
        <p>
          Changes before {formatDateTime(before)}. <Link to="/audit">Newest changes</Link>
        </p>
      )}
      <LoadState loaded={audit} label="the audit trail">
        {({ entries }) => {
          const last = entries[entries.length - 1];
          return (
            <>
              {entries.length === 0 ? (
                <p role="status">No changes recorded{before ? ' before then' : ''}.</p>
              ) : (
                <div className="table-scroll">
                  <table>
                    <caption>Changes, newest first</caption>
                    <thead>
                      <tr>
                        <th scope="col">When</th>
                        <th scope="col">Who</th>
                        <th scope="col">What</th>
                        <th scope="col">Of</th>
                        <th scope="col">Change</th>
                      </tr>
                    </thead>
                    <tbody>
                      {entries.map((entry) => (
                        <tr key={entry.id}>
                          <th scope="row">{formatDateTime(entry.at)}</th>
                          <td>{entry.actor.email}</td>
                          <td>{actionText(entry.action)}</td>
                          <td>{subjectText(entry.subject)}</td>
                          <td>
                            <ul className="changes">
                              {changedFields(entry.before, entry.after).map((line) => (
                                <li key={line}>{line}</li>
                              ))}
                            </ul>
                            <details>
                              <summary>Whole record</summary>
                              <p className="json">Before: {compactJson(entry.before)}</p>
                              <p className="json">After: {compactJson(entry.after)}</p>
                            </details>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              {last && entries.length >= AUDIT_PAGE_SIZE && (
                <p>
                  <Link to={`/audit?${new URLSearchParams({ before: last.at }).toString()}`}>
                    Older
                  </Link>
                </p>
              )}
            </>
          );
        }}
      </LoadState>
    </>
  );
}
