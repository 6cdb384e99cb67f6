import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { VendorFrame } from '../../../features/shell/vendor-layout';
import { PayoutPage } from '../../../features/payroll/payout-page';

/** /payroll/summary: the payout (spec 2.7). */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('PAYROLL')}>
      <VendorFrame>
        <PayoutPage />
      </VendorFrame>
    </GuardedScreen>
  );
}
