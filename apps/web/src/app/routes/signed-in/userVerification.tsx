import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { UserVerificationPage } from '../../../features/user-verification/user-verification-page';

/** /user-verification. */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('EMPLOYEES')}>
      <UserVerificationPage />
    </GuardedScreen>
  );
}
