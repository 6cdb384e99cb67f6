/**
 * The one error table (issue 23): every code the API answers with, its HTTP status and, where the
 * text is always the same, its message. The server's `AppError(code, message?)` takes the status
 * (and the default message) from here, so no call site chooses a status; the web branches on
 * `ErrorCode`s, never on a message's text. An error answer is `{ message: { description, code } }`.
 *
 * The web imports this module for the `ErrorCode` type only (and ERROR_CODES, the codes the sign-in
 * flow reads, from api.ts), so the table and its messages stay out of the sign-in bundle.
 */
import { ERROR_CODES } from './api.js';
import { NOT_FOR_THIS_CALLER_CODE } from './api-keys.js';
import { APPROVAL_DISABLED_CODE, APPROVAL_SERVER_MSG } from './approvals.js';
import { UPLOAD_MSG } from './documents.js';
import { FILE_UPLOAD_LINK_CODES, FILE_UPLOAD_LINK_MSG } from './external-links.js';
import { MSG } from './messages.js';
import { PAYROLL_MSG } from './payroll.js';
import { PAYROLL_REPORT_MSG } from './payroll-report.js';

export interface ErrorEntry {
  status: number;
  /** The message when the call site gives none (a code whose text is always the same has one). */
  message?: string;
}

export const ERRORS = {
  // Generic answers: the message is the call site's.
  [ERROR_CODES.validation]: { status: 400 },
  [ERROR_CODES.unauthenticated]: { status: 401, message: MSG.sessionExpired },
  [ERROR_CODES.forbidden]: { status: 403, message: MSG.unauthorized },
  /** The guard let the caller through, but the call is for another kind of caller (issue 26). */
  [NOT_FOR_THIS_CALLER_CODE]: { status: 403 },
  [ERROR_CODES.notFound]: { status: 404, message: 'Not found' },
  [ERROR_CODES.conflict]: { status: 409 },
  [ERROR_CODES.rateLimited]: { status: 429, message: MSG.tooManyRequests },

  // Identity (spec 8 and the Firebase-style codes the spec names).
  [ERROR_CODES.mfaNotEnrolled]: { status: 403, message: 'Second factor not registered' },
  [ERROR_CODES.secondFactorInUse]: { status: 409, message: 'A second factor is already registered' },
  [ERROR_CODES.requiresRecentLogin]: { status: 403, message: 'Please sign in again to register your phone' },
  [ERROR_CODES.emailNotVerified]: { status: 403, message: MSG.verificationMailSent },
  /** Any password the rule refuses ("Missing password requirements: ..."), at sign-in, sign-up, reset or change. */
  [ERROR_CODES.passwordExpired]: { status: 400 },
  [ERROR_CODES.locked]: { status: 429, message: MSG.accountLocked },
  [ERROR_CODES.smsUnavailable]: { status: 503, message: MSG.smsUnavailable },
  [ERROR_CODES.phoneNotRegistered]: { status: 403, message: MSG.phoneNotRegistered },
  'auth/wrong-password': { status: 400, message: MSG.currentPasswordWrong },
  'auth/invalid-credential': { status: 400, message: MSG.wrongCredentials },
  'auth/invalid-verification-code': { status: 400, message: MSG.invalidCode },
  /** A mail link's code that is unknown, used or expired (the reset and the sign-up links say so in their own words). */
  'auth/invalid-action-code': { status: 400 },

  // Uploads (security.md "Files"): the file is refused before anything is stored.
  UPLOAD_NO_FILE: { status: 400, message: UPLOAD_MSG.noFile },
  UPLOAD_FORMAT: { status: 400 },
  UPLOAD_TOO_LARGE: { status: 400 },
  UPLOAD_EMPTY: { status: 400, message: UPLOAD_MSG.emptyFile },
  UPLOAD_CONTENT_MISMATCH: { status: 400 },
  UPLOAD_CORRUPT: { status: 400, message: UPLOAD_MSG.corrupt },
  UPLOAD_TOO_MANY_ENTRIES: { status: 400, message: UPLOAD_MSG.tooManyEntries },
  UPLOAD_TOO_LARGE_UNPACKED: { status: 400, message: UPLOAD_MSG.tooLargeUnpacked },
  UPLOAD_FORBIDDEN_CONTENT: { status: 400, message: UPLOAD_MSG.forbiddenContent },
  [FILE_UPLOAD_LINK_CODES.disabled]: { status: 403, message: FILE_UPLOAD_LINK_MSG.disabled },
  [FILE_UPLOAD_LINK_CODES.invalid]: { status: 403, message: FILE_UPLOAD_LINK_MSG.invalid },
  DOCUMENT_NOT_MASKABLE: { status: 409, message: MSG.maskedSheetUnavailable },

  // Payroll.
  PAYROLL_WINDOW_CLOSED: { status: 409 },
  /** A move the payroll's status does not allow (PAYROLL_MOVES). */
  PAYROLL_STATUS: { status: 409 },
  PAYROLL_NOT_CURRENT: { status: 409 },
  PAYROLL_FINALIZED: { status: 409 },
  PAYROLL_EXECUTED: { status: 409 },
  PAYROLL_PROCESSING: { status: 409 },
  STREAMING_ACCOUNT_NOT_OPTED_IN: { status: 409, message: PAYROLL_MSG.streamingNotOptedIn },
  PAYROLL_EXPIRED: { status: 409, message: PAYROLL_MSG.expired },
  PAYROLL_NOT_EXECUTED: { status: 409, message: PAYROLL_REPORT_MSG.notReady },

  // Approvals and advances.
  [APPROVAL_DISABLED_CODE]: { status: 403, message: APPROVAL_SERVER_MSG.disabled },
  /** A worker's advance a limit refuses (the worker-side API); the message names the limit. */
  ADVANCE_REFUSED: { status: 422 },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;
/** The codes whose message is always the table's, so a call site may leave it out. */
export type CodeWithMessage = { [C in ErrorCode]: (typeof ERRORS)[C] extends { message: string } ? C : never }[ErrorCode];
