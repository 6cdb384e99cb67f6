/** The two-factor forms of spec 4.8 and 5.5: the phone to enrol and the one-time code. */
import * as z from 'zod/mini';
import { MSG } from '../messages.js';
import { isValidMobile, isValidOtp } from '../validation.js';
import { rule, text } from './schema.js';

/** Two-factor enrolment (spec 4.8): the phone, 10 digits starting 5 to 9. */
export const MfaPhoneForm = z.object({ phone: text(rule(isValidMobile, MSG.invalidMobile)) });
export type MfaPhoneForm = z.infer<typeof MfaPhoneForm>;

/** The one-time code: 6 digits. Next stays disabled until then (our message, the spec has none). */
export const OTP_INCOMPLETE_MSG = 'Please enter the 6-digit code';
export const OtpForm = z.object({ code: text(rule(isValidOtp, OTP_INCOMPLETE_MSG)) });
export type OtpForm = z.infer<typeof OtpForm>;
