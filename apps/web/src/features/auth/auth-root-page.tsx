import { useSearchParams } from 'react-router';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/** `/`: sign-in when the query has signIn=true, otherwise sign-up (spec 2.1). */
export function AuthRootPage() {
  const [params] = useSearchParams();
  if (params.get('signIn') === 'true') return <SignInForm />;
  const inviteToken = params.get('invite');
  const invitedEmail = params.get('email');
  // Keyed so that following another invitation link starts a fresh form.
  return <SignUpForm key={`${inviteToken ?? ''}|${invitedEmail ?? ''}`} inviteToken={inviteToken || null} invitedEmail={invitedEmail || null} />;
}
