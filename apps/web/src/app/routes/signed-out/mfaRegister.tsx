import '../../all-styles';
import { MfaRegisterPage } from '../../../features/auth/mfa-register-page';

/** /mfa-register (spec 4.2). */
export function Component() {
  return <MfaRegisterPage />;
}
