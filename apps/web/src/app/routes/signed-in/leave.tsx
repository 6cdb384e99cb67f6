import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { VendorFrame } from '../../../features/shell/vendor-layout';
import { LeavePage } from '../../../features/attendance/leave-page';

/** /leave, and with a vendorId the vendor's leave under the vendor's name and tabs (issue 24, item 5). */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('ATTENDANCE')}>
      <VendorFrame>
        <LeavePage />
      </VendorFrame>
    </GuardedScreen>
  );
}
