import {
  MAX_DISPLAY_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './account-limits.ts';
import { z } from './zod.ts';
import { orderSchema } from './orders.ts';

export { MAX_DISPLAY_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

const email = z.email('Enter a valid email address.').max(254).trim().toLowerCase();
const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters for your password.`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters for your password.`);
export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a display name.')
  .max(MAX_DISPLAY_NAME_LENGTH, `Use at most ${MAX_DISPLAY_NAME_LENGTH} characters.`);

/** POST /api/auth/sign-in/email. Unknown fields are refused, not ignored. */
export const signInBodySchema = z.strictObject({
  email,
  // Any length is accepted here: a sign-in must not reveal the password rules' effect.
  password: z.string().min(1, 'Enter your password.').max(MAX_PASSWORD_LENGTH),
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().max(2048).optional(),
});

/** POST /api/auth/sign-up/email: the display name travels as `name`. */
export const signUpBodySchema = z.strictObject({
  name: displayNameSchema,
  email,
  password,
  callbackURL: z.string().max(2048).optional(),
});

/** PUT /api/users/{uid}: creates the profile document if it is missing. */
/** The path of a profile document, users/{uid}. */
export const profileParamsSchema = z.object({ uid: z.string() });

export const createProfileBodySchema = z.strictObject({
  displayName: displayNameSchema.optional(),
});

/** PATCH /api/users/{uid}: only the owner's own fields; id, email and createdAt are not. */
export const updateProfileBodySchema = z.strictObject({
  displayName: displayNameSchema,
});

/** A link's token as the shop's emails carry it: `<id>.<secret>`, base64url. */
const token = z.string().min(1, 'The link is incomplete.').max(200, 'The link is not right.');
/** The current password, when a change asks for it: any length, as at sign-in. */
const currentPassword = z.string().min(1, 'Enter your current password.').max(MAX_PASSWORD_LENGTH);

/** POST /api/account/password-reset ("Forgot password?"). */
export const passwordResetRequestSchema = z.strictObject({ email });

/** POST /api/account/password-reset/confirm: the emailed link's token and the new password. */
export const passwordResetSchema = z.strictObject({ token, newPassword: password });

/** POST /api/account/verify-email: a verification or change-of-address link's token. */
export const verifyEmailSchema = z.strictObject({ token });

/** POST /api/account/email: the new address, and the password when the account has one. */
export const changeEmailSchema = z.strictObject({
  newEmail: email,
  password: currentPassword.optional(),
});

/** POST /api/account/password. */
export const changePasswordSchema = z.strictObject({ currentPassword, newPassword: password });

/** POST /api/account/delete: asked twice, the second time by typing DELETE. */
export const deleteAccountSchema = z.strictObject({
  confirm: z.literal('DELETE', 'Type DELETE to confirm.'),
  password: currentPassword.optional(),
});

/** users/{uid} as the API returns it: the document plus its id, and any fields of its own. */
export const profileDocumentSchema = z.looseObject({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type ProfileDocument = z.infer<typeof profileDocumentSchema>;

/** An answer in words only (an email sent, a request taken). */
export const messageAnswerSchema = z.object({ message: z.string() });
/** A change made, with nothing more to say. */
export const okAnswerSchema = z.object({ ok: z.boolean() });
/** POST /api/account/verify-email: the account's address, and whether the link changed it. */
export const emailLinkAnswerSchema = z.object({ email: z.string(), changed: z.boolean() });

/** GET /api/account: the account as its page shows it. */
export const accountOverviewSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  /** A new address waiting to be confirmed at its link. */
  pendingEmail: z.string().nullable(),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

/** GET /api/account/data: a copy of everything the shop keeps about the account. */
export const accountDataSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    email: z.string(),
    emailVerified: z.boolean(),
    name: z.string(),
    createdAt: z.string(),
  }),
  profile: profileDocumentSchema.nullable(),
  orders: z.array(orderSchema),
});

// better-auth's answers, forwarded as it sent them (without the session token): these name only
// what the shop reads, and are loose so that nothing of better-auth's own is dropped.

/** The signed-in account as better-auth describes it. */
export const sessionUserSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
/** POST /api/auth/sign-in/email and sign-up/email: the account now signed in. */
export const signedInAnswerSchema = z.looseObject({ user: sessionUserSchema });
/** GET /api/auth/get-session: the session's account, or null without one. */
export const sessionAnswerSchema = z
  .looseObject({ session: z.looseObject({}), user: sessionUserSchema })
  .nullable();
/** POST /api/auth/sign-out. */
export const signedOutAnswerSchema = z.looseObject({ success: z.boolean() });
/**
 * A refusal under /api/auth: better-auth's own (`{ code, message }`, forwarded as it sent it) or
 * the shop's (a bad body, a limit), which also carries `error`.
 */
export const authRefusalSchema = z.looseObject({ code: z.string(), message: z.string() });
