/**
 * Identity: password sign-in, the SMS second factor, invitations, e-mail verification, password
 * reset and change, sessions. Built on argon2id (@node-rs/argon2) and node:crypto; see
 * docs/decisions/0002-identity-without-better-auth.md for why no auth framework.
 *
 * One file per use case (sign-in.ts, enrolment.ts, sign-up.ts, password-reset.ts,
 * password-change.ts) on the shared kit (kit.ts); this file puts them together.
 */
import type { Deps } from '../../platform/context.js';
import { enrolmentUseCase } from './enrolment.js';
import { createAuthKit } from './kit.js';
import { passwordChangeUseCase } from './password-change.js';
import { passwordResetUseCase } from './password-reset.js';
import { signInUseCase } from './sign-in.js';
import { signUpUseCase } from './sign-up.js';

export { ANONYMOUS_RESEND_MS } from './kit.js';

export function createAuthService(deps: Deps) {
  const kit = createAuthKit(deps);
  return {
    sendInvitation: kit.sendInvitation,
    /** Identity mails as jobs written with a change (features/auth/mail-outbox.ts). */
    mails: kit.mails,
    revokeAllSessions: kit.revokeAllSessions,
    ...signInUseCase(kit),
    ...enrolmentUseCase(kit),
    ...passwordChangeUseCase(kit),
    ...signUpUseCase(kit),
    ...passwordResetUseCase(kit),
  };
}
