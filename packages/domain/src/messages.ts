/** "45 seconds", "1 second", "12 minutes" (from 2 minutes up, rounded up). */
function waitText(seconds: number): string {
  if (seconds >= 120) return `${Math.ceil(seconds / 60)} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** Every user-facing message the spec names (sections 5 and 8), verbatim. */
export const MSG = {
  somethingWentWrong: 'Something Went Wrong!',
  unauthorized: "You aren't authorized to access this page",
  // 5.1 general
  invalidDateRangeTwoYears: "Invalid date range! Please select a 'From Date' within last 2 years.",
  // 5.5 passwords and sign-in
  enterCurrentPassword: 'Enter current password',
  enterNewPassword: 'Enter new password',
  passwordDidNotMatch: 'Password did not match',
  invalidName: 'Invalid name',
  invalidMobile: 'Invalid mobile',
  invalidEmail: 'Invalid email',
  invalidBranchLocation: 'Invalid branch location',
  invalid: 'Invalid',
  resetMinLength: 'Minimum 6 character password required',
  resetDidntMatch: "Password didn't match",
  invalidResetLink: 'Invalid reset link',
  // 8 sign-in messages
  signedUp: 'You have successfully signed up!',
  verificationMailSent:
    'A verification mail has been sent to your email id. Please click on that link and verify your login',
  passwordExpired: 'Password Expired. Please click on below Forget Password link to reset it.',
  missingPasswordRequirementsPrefix: 'Missing password requirements',
  // our own (issue 15): the server's password rule, stated before submit and in its answers
  /** Under every field that sets a password: the rule the server applies (decision 0005). */
  passwordRule: 'At least 8 characters, not easy to guess (not your name, e-mail, mobile or company name)',
  /** The forms' check of the server's minimum, past the spec's 6 of the reset form. */
  passwordMinLength: 'Minimum 8 character password required',
  /** Parts of "Missing password requirements: ..." for a password the strength estimator refuses. */
  passwordNotPersonal: 'not based on your name, e-mail, mobile or company name',
  passwordNotEasyToGuess: 'not easy to guess',
  /** GET /employer-admin/doc: a payroll sheet whose account numbers cannot be found to mask is not given to a read-only role. */
  maskedSheetUnavailable: 'This sheet has no payroll columns, so it cannot be shown with account numbers masked. Ask an admin who uploads payroll for it.',
  /** Enrolment refused for a phone that is not the one the employer registered (spec 4.2 step 5). */
  phoneNotRegistered: 'Sign-in codes go only to the mobile number your employer registered for you. If your number has changed, ask an admin of your employer to update it.',
  /** Under the admin form's Mobile when managing an admin (decision 0038). */
  mobileIsSignInPhone: 'Sign-in codes go to this number. Changing it resets the admin\'s sign-in phone; they are told by e-mail.',
  /** The admin form: a changed mobile resets the admin's sign-in phone (decision 0038). */
  secondFactorReset: 'Sign-in phone reset: the admin was told by e-mail and will receive codes on the new number',
  /** 503 when the SMS provider fails: the code was not sent and does not count against the hourly limit. */
  smsUnavailable: 'We could not send the code by SMS just now. Please try again in a few minutes.',
  /** The demo password printed in the README (issue 22 item 4). */
  passwordPublished: 'not the demo password published with the portal',
  // 8 password change
  currentPasswordWrong: 'Current password is wrong!',
  passwordUpdated: 'Password has been updated',
  // 8 admin actions
  userRemoved: 'User has been removed!',
  updatedSuccessful: 'Updated successful!',
  invitationSent: (name: string) => `An invitation link has been sent to ${name}`,
  // email action route
  cantHandleRecoverMail: "can't handle recover mail",
  wrongActionMode: 'wrong action mode',
  // empty states
  noDataFound: 'No data found',
  noTodo: 'No todo available',
  oopsNoData: 'Oops! No Data found',
  noData: 'No data',
  // our own (spec silent), kept here so server and UI agree
  resetLinkSent: 'If this e-mail belongs to an account, a reset link is on its way to it.',
  /** Sign-up without a working invitation link (issue 15): true whether or not the e-mail is invited. */
  signUpNeedsInvitation:
    'Signing up needs the link in your invitation mail. If this e-mail has an open invitation, that mail is on its way to it again.',
  /** /resendEmail's answer (issue 15): true for every e-mail, revealing none. */
  confirmationMailAgain: 'If this e-mail has an open invitation or is waiting to be confirmed, a mail with its link is on its way to it.',
  askAgainIn: (seconds: number) => `You can ask again in ${waitText(seconds)}.`,
  mailsAskedTooOften: (seconds: number) => `Mails for this e-mail were asked for recently. You can ask again in ${waitText(seconds)}.`,
  passwordResetDone: 'Your password has been reset. Please sign in with the new password.',
  emailVerified: 'Your e-mail has been verified. Please sign in.',
  invalidActionLink: 'This link is invalid or has expired.',
  wrongCredentials: 'Invalid e-mail or password',
  accountLocked: 'Too many failed attempts. Try again in 30 minutes or reset your password.',
  invalidCode: 'The code is wrong or has expired. Request a new code.',
  codeSent: 'A code has been sent to your phone',
  sessionExpired: 'Your session has ended. Please sign in again.',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  /** A NUL byte (\0) in a search or a field: it cannot be stored or searched for (issue 15). */
  nulCharacter: 'Text may not contain a NUL character (\\0). Please remove it and try again.',
} as const;
