/**
 * The signed-out forms of spec 5.5 that the sign-in page shows: sign-in and sign-up. The others are
 * in their own modules (auth-links.ts, two-factor.ts) so that the pages that use them, which load on
 * demand, bring them; this module is part of every page's first script (decision 0041).
 */
import * as z from 'zod/mini';
import { MSG } from '../messages.js';
import { isValidEmail, passwordLength } from '../validation.js';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { rule, text } from './schema.js';

const nonEmpty = (v: string) => v.length > 0;
/**
 * The server's minimum (decision 0005), checked before submit so that no form lets through a
 * password the server refuses for its length; the rest of the rule (MSG.passwordRule) is stated
 * under the field and explained by the server's answer.
 */
export const longEnoughPassword = rule((v: string) => passwordLength(v) >= PASSWORD_MIN_LENGTH, MSG.passwordMinLength);

/** Sign-in: a valid e-mail and a non-empty password, otherwise "Invalid" (under the field at fault). */
export const SignInForm = z.object({
  email: text(rule(isValidEmail, MSG.invalid)),
  password: text(rule(nonEmpty, MSG.invalid)),
});
export type SignInForm = z.infer<typeof SignInForm>;

/** Sign-up: the same, plus the re-entry, which must match ("Password did not match"), and the server's minimum. */
export const SignUpForm = z
  .object({
    email: text(rule(isValidEmail, MSG.invalid)),
    password: text(rule(nonEmpty, MSG.invalid), longEnoughPassword),
    confirmPassword: text(rule(nonEmpty, MSG.invalid)),
  })
  .check(z.refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, { message: MSG.passwordDidNotMatch, path: ['confirmPassword'] }));
export type SignUpForm = z.infer<typeof SignUpForm>;
