/** The `authCalls` contracts (decision 0051): an export per endpoint, the namespace `authCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { ChangePasswordBody, EmailBody, MfaCodeSent, MfaEnrollStartBody, MfaEnrollStartResult, MfaEnrollVerifyBody, MfaResolverBody, MfaVerifyBody, Ok, OobCodeBody, PasswordChangedResult, ResetPasswordBody, SignInBody, SignInResult, SignUpBody, SignUpResult, TokenResult, VerifyResetResult } from '../wire/api.js';
import { endpoint } from './endpoint.js';

export const signIn = /*#__PURE__*/ endpoint<{ body: typeof SignInBody; answer: typeof SignInResult }>()('POST', '/auth/sign-in');
export const signUp = /*#__PURE__*/ endpoint<{ body: typeof SignUpBody; answer: typeof SignUpResult }>()('POST', '/auth/sign-up');
export const resendEmail = /*#__PURE__*/ endpoint<{ body: typeof EmailBody; answer: typeof Ok }>()('POST', '/auth/email/resend');
export const verifyEmail = /*#__PURE__*/ endpoint<{ body: typeof OobCodeBody; answer: typeof Ok }>()('POST', '/auth/email/verify');
export const requestReset = /*#__PURE__*/ endpoint<{ body: typeof EmailBody; answer: typeof Ok }>()('POST', '/auth/password-reset/request');
export const verifyReset = /*#__PURE__*/ endpoint<{ body: typeof OobCodeBody; answer: typeof VerifyResetResult }>()('POST', '/auth/password-reset/verify');
export const confirmReset = /*#__PURE__*/ endpoint<{ body: typeof ResetPasswordBody; answer: typeof Ok }>()('POST', '/auth/password-reset/confirm');
export const resendCode = /*#__PURE__*/ endpoint<{ body: typeof MfaResolverBody; answer: typeof MfaCodeSent }>()('POST', '/auth/mfa/resend');
export const verifyCode = /*#__PURE__*/ endpoint<{ body: typeof MfaVerifyBody; answer: typeof TokenResult }>()('POST', '/auth/mfa/verify');
export const startEnrolment = /*#__PURE__*/ endpoint<{ body: typeof MfaEnrollStartBody; answer: typeof MfaEnrollStartResult }>()('POST', '/auth/mfa/enroll/start');
export const finishEnrolment = /*#__PURE__*/ endpoint<{ body: typeof MfaEnrollVerifyBody; answer: typeof TokenResult }>()('POST', '/auth/mfa/enroll/verify');
export const logout = /*#__PURE__*/ endpoint<{ answer: typeof Ok }>()('POST', '/auth/logout');
export const changePassword = /*#__PURE__*/ endpoint<{ body: typeof ChangePasswordBody; answer: typeof PasswordChangedResult }>()('POST', '/auth/password/change');
