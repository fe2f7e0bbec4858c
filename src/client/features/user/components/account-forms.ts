/**
 * The account's forms of issue 15, as one chunk that the four pages showing them import()
 * (/account, /forgot-password, /reset-password, /verify-email). Code two chunks share joins the
 * chunk every page loads first (vite.config.ts, the `app` group), which has no room left
 * (docs/decisions/039); through this one entry, what these forms share (use-form-request.ts,
 * account-api.ts, their CSS) stays in their own chunk.
 */
export { AccountSettings } from './account-settings.tsx';
export { ForgotPasswordForm } from './forgot-password-form.tsx';
export { ResetPasswordForm } from './reset-password-form.tsx';
export { VerifyEmail } from './verify-email.tsx';
