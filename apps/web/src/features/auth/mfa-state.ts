/**
 * The pending second-factor step, kept in sessionStorage between the sign-in (or phone entry) and
 * the code page, so a reload of /otp-verification keeps working and closing the tab forgets it.
 * - signIn: a phone is enrolled; the password step answered MFA_REQUIRED with a resolverToken.
 * - enroll: no phone was enrolled; a code was sent to `phone` for verificationId (`enteredByUser`
 *   when the admin typed it on /mfa-register rather than it being the phone the employer gave).
 */
export type MfaState =
  | { mode: 'signIn'; resolverToken: string; phoneHint: string }
  | { mode: 'enroll'; verificationId: string; phoneHint: string; phone: string; enteredByUser?: boolean };

const KEY = 'portal.auth.mfa';

export function saveMfaState(state: MfaState): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // storage unavailable (private mode quota): the code page will send the user back to sign in
  }
}

export function readMfaState(): MfaState | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const str = (k: string): string | null => (typeof v[k] === 'string' && v[k] !== '' ? v[k] : null);
    const phoneHint = typeof v.phoneHint === 'string' ? v.phoneHint : '';
    if (v.mode === 'signIn' && str('resolverToken')) return { mode: 'signIn', resolverToken: str('resolverToken')!, phoneHint };
    if (v.mode === 'enroll' && str('verificationId') && str('phone')) {
      return { mode: 'enroll', verificationId: str('verificationId')!, phone: str('phone')!, phoneHint, enteredByUser: v.enteredByUser === true };
    }
  } catch {
    // unreadable: treat as absent
  }
  return null;
}

export function clearMfaState(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
