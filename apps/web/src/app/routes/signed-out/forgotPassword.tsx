import '../../all-styles';
import { ForgotPasswordPage } from '../../../features/auth/forgot-password-page';

/** /forgotPassword (spec 2.1). */
export function Component() {
  return <ForgotPasswordPage />;
}
