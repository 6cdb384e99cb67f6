/** Identity routes under /api/auth. Handlers read validated input, call the service, answer. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  ResetPasswordBody,
  SignInBody,
  SignInResult,
  SignUpBody,
  SignUpResult,
  TokenResult,
  VerifyResetResult,
} from '@portal/domain';
import { z } from 'zod';
import type { Deps } from '../../platform/context.js';
import { authOf, publicRoute, sessionRoute } from '../../platform/guard.js';
import { settleBackgroundMail } from './background.js';
import { createAuthService } from './service.js';

export function registerAuthRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(deps);
  // Mails sent after their answer (background.ts) finish before the app closes.
  parent.addHook('onClose', () => settleBackgroundMail());
  const tags = ['identity'];
  // Identity calls are limited per IP; calls that send an SMS have a tighter hourly cap.
  const perMinute = { rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: 60_000 } };
  const smsCap = { rateLimit: { max: deps.config.smsRateLimitPerHour, timeWindow: 3_600_000 } };

  app.post('/auth/sign-in', { config: { ...publicRoute, ...perMinute }, schema: { tags, body: SignInBody, response: { 200: SignInResult } } }, (req) =>
    auth.signIn(req.body.email, req.body.password),
  );
  app.post('/auth/sign-up', { config: { ...publicRoute, ...perMinute }, schema: { tags, body: SignUpBody, response: { 200: SignUpResult } } }, (req) =>
    auth.signUp(req.body.email, req.body.password, req.body.inviteToken),
  );
  app.post('/auth/email/resend', { config: { ...publicRoute, ...perMinute }, schema: { tags, body: EmailBody, response: { 200: Ok } } }, async (req) => ({
    message: await auth.resendVerification(req.body.email),
  }));
  app.post('/auth/email/verify', { config: { ...publicRoute, ...perMinute }, schema: { tags, body: OobCodeBody, response: { 200: Ok } } }, async (req) => {
    await auth.verifyEmail(req.body.oobCode);
    return { message: MSG.emailVerified };
  });
  app.post('/auth/password-reset/request', { config: { ...publicRoute, ...perMinute }, schema: { tags, body: EmailBody, response: { 200: Ok } } }, async (req) => ({
    message: await auth.requestReset(req.body.email),
  }));
  app.post('/auth/password-reset/verify', { config: { ...publicRoute, ...perMinute }, schema: { tags, body: OobCodeBody, response: { 200: VerifyResetResult } } }, async (req) => ({
    email: await auth.checkResetCode(req.body.oobCode),
  }));
  app.post('/auth/password-reset/confirm', { config: { ...publicRoute, ...perMinute }, schema: { tags, body: ResetPasswordBody, response: { 200: Ok } } }, async (req) => {
    await auth.confirmReset(req.body.oobCode, req.body.newPassword);
    return { message: MSG.passwordResetDone };
  });
  app.post('/auth/mfa/resend', { config: { ...publicRoute, ...smsCap }, schema: { tags, body: MfaResolverBody, response: { 200: MfaCodeSent } } }, (req) =>
    auth.resendSignInCode(req.body.resolverToken),
  );
  app.post('/auth/mfa/verify', { config: { ...publicRoute, ...perMinute }, schema: { tags, body: MfaVerifyBody, response: { 200: TokenResult } } }, async (req) => ({
    token: await auth.verifySignInCode(req.body.resolverToken, req.body.code),
  }));
  app.post('/auth/mfa/enroll/start', { config: { ...sessionRoute(true), ...smsCap }, schema: { tags, body: MfaEnrollStartBody, response: { 200: MfaEnrollStartResult } } }, (req) =>
    auth.startEnrolment(authOf(req), req.body.phone),
  );
  app.post('/auth/mfa/enroll/verify', { config: { ...sessionRoute(true), ...perMinute }, schema: { tags, body: MfaEnrollVerifyBody, response: { 200: TokenResult } } }, async (req) => ({
    token: await auth.finishEnrolment(authOf(req), req.body.verificationId, req.body.code),
  }));
  app.post('/auth/logout', { config: sessionRoute(true), schema: { tags, response: { 200: Ok } } }, async (req) => {
    await auth.logout(authOf(req));
    return { message: 'Signed out' };
  });
  app.post('/auth/password/change', { config: { ...sessionRoute(), ...perMinute }, schema: { tags, body: ChangePasswordBody, response: { 200: Ok.extend({ token: z.string() }) } } }, async (req) => ({
    message: MSG.passwordUpdated,
    token: await auth.changePassword(authOf(req), req.body.currentPassword, req.body.newPassword),
  }));
}
