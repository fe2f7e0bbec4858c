/**
 * The account's forms of issue 15, as one chunk that the four pages showing them import. See
 * docs/decisions/039.
 */
export { AccountSettings } from './account-settings.tsx';
export { ForgotPasswordForm } from './forgot-password-form.tsx';
export { ResetPasswordForm } from './reset-password-form.tsx';
export { VerifyEmail } from './verify-email.tsx';
