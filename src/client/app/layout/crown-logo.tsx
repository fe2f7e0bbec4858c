/** The shop's crown, drawn inline so the header needs no image request. */
export function CrownLogo() {
  return (
    <svg viewBox="0 0 50 39" width="50" height="39" aria-hidden="true" focusable="false">
      <path d="M5 35h40v3H5z" fill="#808282" />
      <path d="M5 33 2 12l12 9L25 3l11 18 12-9-3 21z" fill="#2b2b2b" />
      <circle cx="2" cy="10" r="2.2" fill="#c9a227" />
      <circle cx="25" cy="2.4" r="2.2" fill="#c9a227" />
      <circle cx="48" cy="10" r="2.2" fill="#c9a227" />
    </svg>
  );
}
