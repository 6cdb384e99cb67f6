import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { WebhooksPage } from '../../../features/settings/webhooks-page';

/** /settings/webhooks: the employer's webhook endpoints and delivery log (issue 26), for admin readers; WRITE changes them. */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('ADMIN')}>
      <WebhooksPage />
    </GuardedScreen>
  );
}
