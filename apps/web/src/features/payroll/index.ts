/** Payroll (spec 2.9-2.11): the payroll page, the pre-execution Payroll Summary and the payout screen. */
export { PayrollPage } from './payroll-page';
export { UploadSummaryPage } from './upload-summary-page';
export { PayoutPage } from './payout-page';
