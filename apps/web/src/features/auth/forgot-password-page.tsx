import { EmailRequestForm } from './email-request-form';
import { authCalls } from '@portal/domain';

/** `/forgotPassword`: e-mail entry; Request Link is disabled unless the e-mail is valid (spec 2.1, 5.5). */
export function ForgotPasswordPage() {
  return (
    <EmailRequestForm
      title="Forgot password"
      subtitle="Enter the e-mail you sign in with and we will send you a link to reset your password."
      endpoint={authCalls.requestReset}
      submitLabel="Request Link"
      footerText="Remembered it?"
    />
  );
}
