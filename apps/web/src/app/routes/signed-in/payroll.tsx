import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { VendorFrame } from '../../../features/shell/vendor-layout';
import { PayrollPage } from '../../../features/payroll/payroll-page';

/** /payroll (spec 2.7). */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('PAYROLL')}>
      <VendorFrame>
        <PayrollPage />
      </VendorFrame>
    </GuardedScreen>
  );
}
