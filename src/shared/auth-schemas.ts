import { z } from './zod.ts';
import {
  MAX_DISPLAY_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './auth-limits.ts';

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
export const createProfileBodySchema = z.strictObject({
  displayName: displayNameSchema.optional(),
});

/** PATCH /api/users/{uid}: only the owner's own fields; id, email and createdAt are not. */
export const updateProfileBodySchema = z.strictObject({
  displayName: displayNameSchema,
});

/** users/{uid} as the API returns it: the document plus its id. */
export interface ProfileDocument {
  id: string;
  displayName: string;
  email: string;
  createdAt: string;
  [extraField: string]: unknown;
}
