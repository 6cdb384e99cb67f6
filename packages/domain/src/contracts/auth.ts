/** Identity calls under /api/auth (docs/identity-and-admin-api.md). */
import type {
  ChangePasswordBody,
  EmailBody,
  MfaCodeSent,
  MfaEnrollStartBody,
  MfaEnrollStartResult,
  MfaEnrollVerifyBody,
  MfaResolverBody,
  MfaVerifyBody,
  Ok,
  OobCodeBody,
  PasswordChangedResult,
  ResetPasswordBody,
  SignInBody,
  SignInResult,
  SignUpBody,
  SignUpResult,
  TokenResult,
  VerifyResetResult,
} from '../wire/api.js';
import { endpoint } from './endpoint.js';

export const authCalls = {
  signIn: endpoint<{ body: typeof SignInBody; answer: typeof SignInResult }>()('POST', '/auth/sign-in'),
  signUp: endpoint<{ body: typeof SignUpBody; answer: typeof SignUpResult }>()('POST', '/auth/sign-up'),
  resendEmail: endpoint<{ body: typeof EmailBody; answer: typeof Ok }>()('POST', '/auth/email/resend'),
  verifyEmail: endpoint<{ body: typeof OobCodeBody; answer: typeof Ok }>()('POST', '/auth/email/verify'),
  requestReset: endpoint<{ body: typeof EmailBody; answer: typeof Ok }>()('POST', '/auth/password-reset/request'),
  verifyReset: endpoint<{ body: typeof OobCodeBody; answer: typeof VerifyResetResult }>()('POST', '/auth/password-reset/verify'),
  confirmReset: endpoint<{ body: typeof ResetPasswordBody; answer: typeof Ok }>()('POST', '/auth/password-reset/confirm'),
  resendCode: endpoint<{ body: typeof MfaResolverBody; answer: typeof MfaCodeSent }>()('POST', '/auth/mfa/resend'),
  verifyCode: endpoint<{ body: typeof MfaVerifyBody; answer: typeof TokenResult }>()('POST', '/auth/mfa/verify'),
  startEnrolment: endpoint<{ body: typeof MfaEnrollStartBody; answer: typeof MfaEnrollStartResult }>()('POST', '/auth/mfa/enroll/start'),
  finishEnrolment: endpoint<{ body: typeof MfaEnrollVerifyBody; answer: typeof TokenResult }>()('POST', '/auth/mfa/enroll/verify'),
  logout: endpoint<{ answer: typeof Ok }>()('POST', '/auth/logout'),
  changePassword: endpoint<{ body: typeof ChangePasswordBody; answer: typeof PasswordChangedResult }>()('POST', '/auth/password/change'),
};
