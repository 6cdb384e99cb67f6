/** Shared UI pieces (spec 2.19 and the common states), each in one place for every feature. */
export { DateField, EARLIEST_PICKABLE_DATE, useTypedDates } from './date-field';
export type { DataTableColumn } from './data-table';
export * from './list';
export { EmptyState } from './empty-state';
export type { FilterField } from './filter-builder';
export { greeting } from './greeting';
export { errorMessage, notify, notifyApiError, notifyError, notifySuccess, notifyWarning } from './notify';
export { PageTitle } from './page-title';
export { pageCountOf } from './pagination';
export { SegmentedChoice } from './segmented-choice';
export { SideDrawer } from './side-drawer';
export { StatusBadge } from './status-badge';
export { payoutStatusTone, type StatusTone } from './status-tone';
export { UploadStatusBadge, useOutcomesSeenOnList } from './upload-status';
export { Unauthorized } from './unauthorized';
export {
  OUTCOME_TONE_COLOR,
  OUTCOME_TYPE_LABELS,
  dismissAllUploadOutcomes,
  dismissUploadOutcome,
  downloadProcessedSheet,
  isPayrollOutcome,
  newestUploadedDate,
  outcomeHeadline,
  outcomeTone,
  payrollHrefOf,
  rowCountsText,
  seenHereStore,
  uploadOutcomeKeys,
  uploadOutcomesQuery,
  visibleOutcomes,
  withSeenHere,
  type OutcomeTone,
} from './upload-outcomes';
export { Coming } from './coming';
