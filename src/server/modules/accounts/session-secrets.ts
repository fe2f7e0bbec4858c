/** Fields of better-auth's JSON answers that would hand page JavaScript a session secret. */
const SECRET_FIELDS = new Set(['token']);

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_FIELDS.has(key))
      .map(([key, item]) => [key, strip(item)]),
  );
}

/**
 * better-auth's answer without the session token it puts in JSON bodies (sign-in and sign-up
 * return `token`, get-session `session.token`). The session lives in the HttpOnly cookie only
 * (ADR 008): no token reaches page JavaScript. Other answers pass unchanged.
 */
export async function withoutSessionSecrets(response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json') || !response.body) return response;
  const init = {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  };
  const text = await response.text();
  try {
    return new Response(JSON.stringify(strip(JSON.parse(text))), init);
  } catch {
    return new Response(text, init);
  }
}
