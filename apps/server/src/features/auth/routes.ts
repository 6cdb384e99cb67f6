/** Identity routes under /api/auth. Handlers read validated input, call the service, answer. */
import type { FastifyInstance } from 'fastify';
import {
  ChangePasswordBody,
  EmailBody,
  MSG,
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
  authCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { authOf, publicRoute, sessionRoute } from '../../platform/guard.js';
import { route } from '../../platform/route.js';
import { settleBackgroundMail } from './background.js';
import { createAuthService } from './service.js';

export function registerAuthRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent;
  const auth = createAuthService(deps);
  // Mails sent after their answer (background.ts) finish before the app closes.
  parent.addHook('onClose', () => settleBackgroundMail());
  const tags = ['identity'];
  // Identity calls are limited per IP; calls that send an SMS have a tighter hourly cap.
  const perMinute = { rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: 60_000 } };
  const smsCap = { rateLimit: { max: deps.config.smsRateLimitPerHour, timeWindow: 3_600_000 } };

  route(app, authCalls.signIn, { config: { ...publicRoute, ...perMinute }, schema: { tags, body: SignInBody, response: { 200: SignInResult } } }, (req) =>
    auth.signIn(req.body.email, req.body.password),
  );
  route(app, authCalls.signUp, { config: { ...publicRoute, ...perMinute }, schema: { tags, body: SignUpBody, response: { 200: SignUpResult } } }, (req) =>
    auth.signUp(req.body.email, req.body.password, req.body.inviteToken),
  );
  route(app, authCalls.resendEmail, { config: { ...publicRoute, ...perMinute }, schema: { tags, body: EmailBody, response: { 200: Ok } } }, async (req) => ({
    message: await auth.resendVerification(req.body.email),
  }));
  route(app, authCalls.verifyEmail, { config: { ...publicRoute, ...perMinute }, schema: { tags, body: OobCodeBody, response: { 200: Ok } } }, async (req) => {
    await auth.verifyEmail(req.body.oobCode);
    return { message: MSG.emailVerified };
  });
  route(app, authCalls.requestReset, { config: { ...publicRoute, ...perMinute }, schema: { tags, body: EmailBody, response: { 200: Ok } } }, async (req) => ({
    message: await auth.requestReset(req.body.email),
  }));
  route(app, authCalls.verifyReset, { config: { ...publicRoute, ...perMinute }, schema: { tags, body: OobCodeBody, response: { 200: VerifyResetResult } } }, async (req) => ({
    email: await auth.checkResetCode(req.body.oobCode),
  }));
  route(app, authCalls.confirmReset, { config: { ...publicRoute, ...perMinute }, schema: { tags, body: ResetPasswordBody, response: { 200: Ok } } }, async (req) => {
    await auth.confirmReset(req.body.oobCode, req.body.newPassword);
    return { message: MSG.passwordResetDone };
  });
  route(app, authCalls.resendCode, { config: { ...publicRoute, ...smsCap }, schema: { tags, body: MfaResolverBody, response: { 200: MfaCodeSent } } }, (req) =>
    auth.resendSignInCode(req.body.resolverToken),
  );
  route(app, authCalls.verifyCode, { config: { ...publicRoute, ...perMinute }, schema: { tags, body: MfaVerifyBody, response: { 200: TokenResult } } }, async (req) => ({
    token: await auth.verifySignInCode(req.body.resolverToken, req.body.code),
  }));
  route(app, authCalls.startEnrolment, { config: { ...sessionRoute(true), ...smsCap }, schema: { tags, body: MfaEnrollStartBody, response: { 200: MfaEnrollStartResult } } }, (req) =>
    auth.startEnrolment(authOf(req), req.body.phone),
  );
  route(app, authCalls.finishEnrolment, { config: { ...sessionRoute(true), ...perMinute }, schema: { tags, body: MfaEnrollVerifyBody, response: { 200: TokenResult } } }, async (req) => ({
    token: await auth.finishEnrolment(authOf(req), req.body.verificationId, req.body.code),
  }));
  route(app, authCalls.logout, { config: sessionRoute(true), schema: { tags, response: { 200: Ok } } }, async (req) => {
    await auth.logout(authOf(req));
    return { message: 'Signed out' };
  });
  route(app, authCalls.changePassword, { config: { ...sessionRoute(), ...perMinute }, schema: { tags, body: ChangePasswordBody, response: { 200: PasswordChangedResult } } }, async (req) => ({
    message: MSG.passwordUpdated,
    token: await auth.changePassword(authOf(req), req.body.currentPassword, req.body.newPassword),
  }));
}
