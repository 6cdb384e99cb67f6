import { hasAnyEmployerRead } from '@portal/domain';
import { GuardedScreen, type AccessContext } from '../../screens/guarded-screen';
import { AnalyticsPage } from '../../../features/analytics/analytics-page';

const anyEmployerRead = ({ profile }: AccessContext) => hasAnyEmployerRead(profile.resources);

/** /analytics-dashboard (spec 2.14): any employer reader. */
export function Component() {
  return (
    <GuardedScreen allowed={anyEmployerRead}>
      <AnalyticsPage />
    </GuardedScreen>
  );
}
