import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { ApiKeysPage } from '../../../features/settings/api-keys-page';

/** /settings/api-keys: the employer's API keys (issue 26), for admin readers; WRITE creates and revokes. */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('ADMIN')}>
      <ApiKeysPage />
    </GuardedScreen>
  );
}
