/**
 * The shop's crown (public/favicon.svg) as the card form's merchant logo, inline: the form lives
 * on the provider's origin, which does not serve the shop's files.
 */
export const SHOP_LOGO_DATA_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 50"><path d="M5 42h40v4H5z" fill="#808282"/><path d="M5 40 2 16l12 10L25 6l11 20 12-10-3 24z" fill="#2b2b2b"/></svg>',
)}`;
