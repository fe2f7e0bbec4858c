import { useId, type ReactNode } from 'react';

/** One part of the account page: a region named by its heading. */
export function AccountSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="account-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
