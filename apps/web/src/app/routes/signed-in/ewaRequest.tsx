import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { VendorFrame } from '../../../features/shell/vendor-layout';
import { EwaRequestsPage } from '../../../features/ewa-requests/ewa-requests-page';

/** /ewa-request (issue 13). */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('TRANSACTIONS')}>
      <VendorFrame>
        <EwaRequestsPage />
      </VendorFrame>
    </GuardedScreen>
  );
}
