/**
 * The sign-in flow of spec 4.2 as plain async steps (no React), used by the sign-in form, the
 * phone-entry page and the code page.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ERROR_CODES, landingPath, authCalls, adminCalls } from '@portal/domain';
import { call } from '../../shared/api/client';
import { setToken } from '../../shared/auth/token';
import { profileQuery, sessionKeys } from '../../shared/auth/profile';
import { clearMfaState, saveMfaState } from './mfa-state';
import { endSession } from '../../shared/auth/sign-out';
import { errorCode, isLogoutError } from './feedback';

export const OTP_PATH = '/otp-verification';
export const MFA_REGISTER_PATH = '/mfa-register';

/** Sends a code to `phone` (an enrolment-only session is required) and keeps the step for the code page. */
export async function startEnrolment(phone: string, enteredByUser = false): Promise<void> {
  const res = await call(authCalls.startEnrolment, { body: { phone } });
  saveMfaState({ mode: 'enroll', verificationId: res.verificationId, phoneHint: res.phoneHint, phone, enteredByUser });
}

/**
 * E-mail and password, then whatever the answer calls for. Resolves to the path to go to:
 * the code page (a code was sent), the phone-entry page (no phone known), or the landing page.
 */
export async function signIn(queryClient: QueryClient, input: { email: string; password: string }): Promise<string> {
  // Whatever an earlier, abandoned attempt left behind goes first.
  await endSession();
  clearMfaState();
  queryClient.clear();

  const res = await call(authCalls.signIn, { body: { email: input.email.trim(), password: input.password } });
  if (res.status === 'MFA_REQUIRED') {
    saveMfaState({ mode: 'signIn', resolverToken: res.resolverToken, phoneHint: res.phoneHint });
    return OTP_PATH;
  }
  setToken(res.token);
  try {
    return await afterPasswordStep(queryClient);
  } catch (error) {
    // The logout codes are handled by the caller's sign-out; anything else must not leave a
    // half-finished session behind.
    if (!isLogoutError(error)) await endSession();
    throw error;
  }
}

async function afterPasswordStep(queryClient: QueryClient): Promise<string> {
  try {
    const profile = await queryClient.fetchQuery(profileQuery());
    return landingPath(profile.resources);
  } catch (error) {
    queryClient.removeQueries({ queryKey: sessionKeys.profile() });
    if (errorCode(error) !== ERROR_CODES.mfaNotEnrolled) throw error;
  }
  // E11023: no second factor registered yet.
  const mfa = await call(adminCalls.mfaInfo);
  if (!mfa.phone) return MFA_REGISTER_PATH;
  await startEnrolment(mfa.phone);
  return OTP_PATH;
}
