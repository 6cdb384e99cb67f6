/** The signed-out identity screens (spec 2.1, 4.2, 4.8); the router mounts each on its path. */
export { AuthRootPage } from './auth-root-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { ResendEmailPage } from './resend-email-page';
export { EmailActionPage } from './email-action-page';
export { MfaRegisterPage } from './mfa-register-page';
export { OtpVerificationPage } from './otp-verification-page';
