import '../../all-styles';
import { EmailActionPage } from '../../../features/auth/email-action-page';

/** /auth/action: the e-mail links (spec 4.8). */
export function Component() {
  return <EmailActionPage />;
}
