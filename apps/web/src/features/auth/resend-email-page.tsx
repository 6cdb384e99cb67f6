import { useSearchParams } from 'react-router';
import { authCalls } from '@portal/domain';
import { EmailRequestForm } from './email-request-form';

/** `/resendEmail?email=`: sends the confirmation (verification) mail again. */
export function ResendEmailPage() {
  const [params] = useSearchParams();
  return (
    <EmailRequestForm
      title="Resend confirmation mail"
      subtitle="If the e-mail has an open invitation or is waiting to be confirmed, we send its link again."
      endpoint={authCalls.resendEmail}
      submitLabel="Resend mail"
      footerText="Already confirmed?"
      initialEmail={params.get('email') ?? ''}
    />
  );
}
