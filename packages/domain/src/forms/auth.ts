/** The signed-out forms of spec 5.5 (sign-in, sign-up, e-mail links, reset, phone, one-time code). */
import * as z from 'zod/mini';
import { MSG } from '../messages.js';
import { isValidEmail, isValidMobile, isValidOtp, passwordLength } from '../validation.js';
import { PASSWORD_MIN_LENGTH, RESET_PASSWORD_MIN_LENGTH } from '../constants.js';
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

/** Two-factor enrolment (spec 4.8): the phone, 10 digits starting 5 to 9. */
export const MfaPhoneForm = z.object({ phone: text(rule(isValidMobile, MSG.invalidMobile)) });
export type MfaPhoneForm = z.infer<typeof MfaPhoneForm>;

/** The one-time code: 6 digits. Next stays disabled until then (our message, the spec has none). */
export const OTP_INCOMPLETE_MSG = 'Please enter the 6-digit code';
export const OtpForm = z.object({ code: text(rule(isValidOtp, OTP_INCOMPLETE_MSG)) });
export type OtpForm = z.infer<typeof OtpForm>;
