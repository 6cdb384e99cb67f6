/** The forms behind spec 5.5's e-mail links: forgot password, resend confirmation and reset password. */
import * as z from 'zod/mini';
import { MSG } from '../messages.js';
import { isValidEmail, passwordLength } from '../validation.js';
import { RESET_PASSWORD_MIN_LENGTH } from '../constants.js';
import { longEnoughPassword } from './auth.js';
import { rule, text } from './schema.js';

/** Forgot password and resend confirmation: the button stays disabled unless the e-mail is valid. */
export const EmailRequestForm = z.object({ email: text(rule(isValidEmail, MSG.invalidEmail)) });
export type EmailRequestForm = z.infer<typeof EmailRequestForm>;

/**
 * Reset password: at least 6 characters (the spec's message), then the server's 8, and the re-entry
 * matches.
 */
export const ResetPasswordForm = z
  .object({
    password: text(rule((v) => passwordLength(v) >= RESET_PASSWORD_MIN_LENGTH, MSG.resetMinLength), longEnoughPassword),
    confirmPassword: z.string(),
  })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: MSG.resetDidntMatch, path: ['confirmPassword'] }));
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;
