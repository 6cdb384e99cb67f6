/**
 * Request and response schemas of the calls built so far (spec 7 plus the identity calls under
 * /api/auth). The server validates with them and publishes them as OpenAPI; the web app types its
 * calls with them.
 */

/**
 * Names of the codes the web's sign-in flow reacts to (spec 8) plus our own. Each error code's HTTP
 * status (and fixed message) is in the error table ERRORS (errors.ts); `mfaRequired` is no error but
 * the sign-in answer's second step (200).
 */
export const ERROR_CODES = {
  mfaNotEnrolled: 'E11023',
  mfaRequired: 'auth/multi-factor-auth-required',
  secondFactorInUse: 'auth/second-factor-already-in-use',
  requiresRecentLogin: 'auth/requires-recent-login',
  emailNotVerified: 'auth/email-not-verified',
  passwordExpired: 'auth/password-expired',
  unauthenticated: 'auth/unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not-found',
  validation: 'validation',
  conflict: 'conflict',
  rateLimited: 'rate-limited',
  locked: 'auth/account-locked',
  /** The SMS provider refused or did not answer: 503, nothing counted (issue 22 item 4). */
  smsUnavailable: 'auth/sms-unavailable',
  /** Enrolment with a phone other than the mobile the employer registered for the admin (spec 4.2 step 5). */
  phoneNotRegistered: 'auth/phone-not-registered',
} as const;
