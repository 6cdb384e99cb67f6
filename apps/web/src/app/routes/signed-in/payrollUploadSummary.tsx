import { GuardedScreen, areaRule } from '../../screens/guarded-screen';
import { VendorFrame } from '../../../features/shell/vendor-layout';
import { UploadSummaryPage } from '../../../features/payroll/upload-summary-page';

/** /payroll/uploadSummary (spec 2.7). */
export function Component() {
  return (
    <GuardedScreen allowed={areaRule('PAYROLL')}>
      <VendorFrame>
        <UploadSummaryPage />
      </VendorFrame>
    </GuardedScreen>
  );
}
