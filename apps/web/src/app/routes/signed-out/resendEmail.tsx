import '../../all-styles';
import { ResendEmailPage } from '../../../features/auth/resend-email-page';

/** /resendEmail (spec 2.1). */
export function Component() {
  return <ResendEmailPage />;
}
