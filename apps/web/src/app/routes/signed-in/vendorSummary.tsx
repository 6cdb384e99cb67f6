import { hasAnyVendorRead } from '@portal/domain';
import { GuardedScreen, type AccessContext } from '../../screens/guarded-screen';
import { DashboardPage } from '../../../features/dashboard/dashboard-page';

const anyVendorRead = ({ profile }: AccessContext) => hasAnyVendorRead(profile.resources);

/** /vendors/summary: a vendor's dashboard. */
export function Component() {
  return (
    <GuardedScreen allowed={anyVendorRead}>
      <DashboardPage />
    </GuardedScreen>
  );
}
