import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Loader } from '@mantine/core';
import { SettingsPage } from '../../../features/settings/settings-page';
import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { NotFoundScreen } from '../../screens/not-found-screen';

/** Settings' integrations (issue 26), each loaded when opened. */
const INTEGRATIONS = {
  'api-keys': lazy(() => import('../../../features/settings/api-keys-page').then((m) => ({ default: m.ApiKeysPage }))),
  webhooks: lazy(() => import('../../../features/settings/webhooks-page').then((m) => ({ default: m.WebhooksPage }))),
};

/**
 * /settings (spec 2.13; the page checks its own permissions), and /settings/api-keys and
 * /settings/webhooks (issue 26), for admin readers; WRITE changes them.
 */
export function Component() {
  const integration = useParams()['*'];
  if (!integration) return <SettingsPage />;
  const Page = Object.hasOwn(INTEGRATIONS, integration) ? INTEGRATIONS[integration as keyof typeof INTEGRATIONS] : null;
  if (!Page) return <NotFoundScreen />;
  return (
    <GuardedScreen allowed={areaRule('ADMIN')}>
      <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
        <Page />
      </Suspense>
    </GuardedScreen>
  );
}
