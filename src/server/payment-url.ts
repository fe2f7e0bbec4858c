/**
 * The payment provider's address (Config.PAYMENT_URL) beside the shop's (PUBLIC_URL). The card
 * form must be served from an origin other than the shop's, so that a script on the shop's page
 * cannot read what is typed into it (docs/decisions/019-payment-origin-and-retries.md).
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `http://pay.localhost:PORT` for a shop on localhost or a loopback address (browsers resolve
 * every `*.localhost` name to the loopback address, and it is another origin), with the shop's
 * scheme and port. Undefined for any other shop address: there is no name to guess, so
 * PAYMENT_URL must be set.
 */
export function defaultPaymentUrl(publicUrl: string): string | undefined {
  const shop = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.has(shop.hostname)) return undefined;
  return `${shop.protocol}//pay.localhost${shop.port ? `:${shop.port}` : ''}`;
}

/** Why `paymentUrl` cannot serve the card form for the shop at `publicUrl`, or undefined. */
export function paymentUrlProblem(
  paymentUrl: string | undefined,
  publicUrl: string,
): string | undefined {
  if (paymentUrl === undefined) {
    return 'required when PUBLIC_URL is not a localhost address: the card form needs an origin of its own, such as https://pay.example.com';
  }
  const payment = new URL(paymentUrl);
  const shop = new URL(publicUrl);
  if (payment.pathname !== '/' || payment.search || payment.hash) {
    return 'must be an origin only (scheme, host and port), such as https://pay.example.com';
  }
  if (payment.host === shop.host) {
    return `must be on a host other than the shop's (${shop.host}), or the shop's page could read the card form`;
  }
  if (shop.protocol === 'https:' && payment.protocol !== 'https:') {
    return 'must be https when PUBLIC_URL is https';
  }
  return undefined;
}

/** The payment provider's origin, for postMessage targets and the shop's Content-Security-Policy. */
export function paymentOrigin(config: { PAYMENT_URL: string }): string {
  return new URL(config.PAYMENT_URL).origin;
}
