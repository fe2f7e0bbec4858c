import { createHash } from 'node:crypto';
import { html, htmlPage, trusted, type SafeHtml } from '#server/platform/http/html.ts';

/** The shop's name as the pages show it ("continue to ..."), when none is given. */
const APP_NAME = 'CRWN Clothing';

/** What every page of the stand-in is told: the name of the app asking (the shop's, ADR 048). */
interface AppNamed {
  appName?: string;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#202124;background:#f1f3f4}
main{max-width:26rem;margin:2rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #dadce0;border-radius:8px}
h1{font-size:1.375rem;font-weight:500;margin:0 0 .25rem}
.lead{margin:0 0 1.5rem;color:#5f6368}
ul{list-style:none;margin:0 0 1rem;padding:0;border-top:1px solid #dadce0}
li{display:flex;align-items:center;border-bottom:1px solid #dadce0}
li form:first-child{flex:1}
button,.link{font:inherit;cursor:pointer}
.account{display:flex;flex-direction:column;align-items:flex-start;width:100%;padding:.75rem .5rem;border:0;background:none;text-align:left;color:inherit}
.account:hover{background:#f8f9fa}
.account .email,.account .state{color:#5f6368;font-size:.875rem}
.forget{border:0;background:none;color:#5f6368;padding:.5rem;font-size:.875rem;text-decoration:underline}
.empty{color:#5f6368}
.link{display:inline-block;color:#1a73e8;text-decoration:underline;border:0;background:none;padding:.5rem 0}
label{display:block;margin:1rem 0 .25rem;font-weight:500}
.hint{display:block;color:#5f6368;font-size:.875rem;font-weight:400}
input{width:100%;padding:.625rem .75rem;font:inherit;border:1px solid #80868b;border-radius:4px}
input[readonly]{background:#f1f3f4;color:#3c4043}
.primary{margin-top:1.5rem;padding:.625rem 1.5rem;border:0;border-radius:4px;background:#1a73e8;color:#fff;font-weight:500}
.actions{display:flex;justify-content:space-between;align-items:center;gap:1rem;margin-top:1rem}
.error{margin:0 0 1rem;padding:.75rem;border-radius:4px;background:#fce8e6;color:#a50e0e}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
`;

/**
 * The Content-Security-Policy of every page here: nothing loads from anywhere, the one inline
 * style block is allowed by its hash, and no other site may frame the pages (clickjacking).
 * No form-action: after a submit the browser follows redirects to the shop's callback.
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function page(title: string, body: SafeHtml): string {
  return htmlPage({
    title,
    head: html`<meta name="referrer" content="no-referrer">
<style>${trusted(STYLE)}</style>`,
    body: html`<main>
${body}
</main>`,
  });
}

function errorBlock(error: string | undefined, id = 'form-error'): SafeHtml | undefined {
  return error ? html`<p class="error" id="${id}" role="alert">${error}</p>` : undefined;
}

export interface ChooserAccount {
  sub: string;
  name: string;
  email: string;
}

export interface ChooserPageInput extends AppNamed {
  /** Where this interaction's forms post to, e.g. /oidc/interaction/<uid>. */
  interactionPath: string;
  /** The accounts this browser used before, most recent first. */
  accounts: readonly ChooserAccount[];
  /** The account the provider's session belongs to: the only one that needs no password. */
  signedInSub?: string;
  error?: string;
}

/** "Choose an account": the accounts known to this browser, "Use another account" and Cancel. */
export function chooserPage({
  interactionPath: path,
  accounts,
  signedInSub,
  error,
  appName = APP_NAME,
}: ChooserPageInput): string {
  const list = accounts.length
    ? html`<ul aria-label="Accounts used in this browser">${accounts.map(
        ({ sub, name, email }) => html`<li>
<form method="post" action="${path}/select"><input type="hidden" name="sub" value="${sub}"><button type="submit" class="account"><span class="name">${name}</span><span class="email">${email}</span>${sub === signedInSub ? undefined : html`<span class="state">Signed out</span>`}</button></form>
<form method="post" action="${path}/forget"><input type="hidden" name="sub" value="${sub}"><button type="submit" class="forget" aria-label="Remove ${name} (${email}) from this list">Remove</button></form>
</li>
`,
      )}</ul>`
    : html`<p class="empty">No accounts have been used in this browser yet.</p>`;

  return page(
    `Choose an account - ${appName}`,
    html`<h1>Choose an account</h1>
<p class="lead">to continue to ${appName}</p>
${errorBlock(error)}
${list}
<div class="actions">
<a class="link" href="${path}/another">Use another account</a>
<form method="post" action="${path}/abort"><button type="submit" class="link">Cancel</button></form>
</div>`,
  );
}

export interface AnotherAccountPageInput extends AppNamed {
  interactionPath: string;
  /** What the person typed before, shown again after an error (never the password). */
  email?: string;
  name?: string;
  error?: string;
  minPasswordLength: number;
}

/** "Use another account": email, name and password; signs in, or creates the account if new. */
export function anotherAccountPage(input: AnotherAccountPageInput): string {
  const path = input.interactionPath;
  const appName = input.appName ?? APP_NAME;
  const invalid = input.error
    ? html` aria-invalid="true" aria-describedby="form-error"`
    : undefined;
  return page(
    `Sign in - ${appName}`,
    html`<h1>Use another account</h1>
<p class="lead">to continue to ${appName}. A new email creates an account on this local test provider.</p>
${errorBlock(input.error)}
<form method="post" action="${path}/login">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${input.email ?? ''}"${invalid}>
<label for="name">Name <span class="hint">Needed for a new account</span></label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="100" value="${input.name ?? ''}">
<label for="password">Password <span class="hint" id="password-hint">At least ${input.minPasswordLength} characters</span></label>
<input id="password" name="password" type="password" autocomplete="current-password" required minlength="${input.minPasswordLength}" aria-describedby="password-hint"${input.error ? html` aria-invalid="true"` : undefined}>
<button type="submit" class="primary">Continue</button>
</form>
<div class="actions"><a class="link" href="${path}">Back to the account list</a></div>`,
  );
}

export interface VerifyPageInput extends AppNamed {
  interactionPath: string;
  /** The account picked from the chooser; its email is shown, not editable. */
  account: ChooserAccount;
  error?: string;
}

/**
 * "Verify it's you": the password of an account picked from the chooser, asked whenever the
 * provider's session does not already belong to that account (ADR 018).
 */
export function verifyPage({
  interactionPath: path,
  account,
  error,
  appName = APP_NAME,
}: VerifyPageInput): string {
  const invalid = error ? html` aria-invalid="true" aria-describedby="form-error"` : undefined;
  return page(
    `Verify it's you - ${appName}`,
    html`<h1>Verify it's you</h1>
<p class="lead">Hi ${account.name}. Enter your password to continue to ${appName}.</p>
${errorBlock(error)}
<form method="post" action="${path}/verify">
<input type="hidden" name="sub" value="${account.sub}">
<label for="email">Email</label>
<input id="email" type="email" autocomplete="username" readonly value="${account.email}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus${invalid}>
<button type="submit" class="primary">Continue</button>
</form>
<div class="actions"><a class="link" href="${path}">Back to the account list</a></div>`,
  );
}

/** A page that only says something went wrong and what to do now. */
export function messagePage(title: string, message: string): string {
  return page(
    title,
    html`<h1>${title}</h1>
<p role="alert">${message}</p>`,
  );
}
