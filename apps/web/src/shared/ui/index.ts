/** Shared UI pieces (spec 2.19 and the common states), each in one place for every feature. */
export { ColumnToggle, type ColumnToggleItem, type ColumnToggleProps } from './column-toggle';
export { DateField, EARLIEST_PICKABLE_DATE, type DateFieldProps } from './date-field';
export { DataTable, type DataTableColumn, type DataTableProps, type DataTableSelection, type DataTableSort } from './data-table';
export * from './list';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { FilterBuilder, type FilterBuilderProps, type FilterField } from './filter-builder';
export { FILTER_CONJUNCTIONS, FILTER_OPERATORS, type Filter, type FilterConjunction, type FilterOperator } from './filter-model';
export { FilterPopover, type FilterPopoverProps } from './filter-popover';
export { dayPart, greeting } from './greeting';
export { errorMessage, notify, notifyApiError, notifyError, notifySuccess, notifyWarning, type NotifierMessage, type NotifierType } from './notify';
export { PageTitle, type PageTitleProps } from './page-title';
export { RefreshButton, type RefreshButtonProps } from './refresh-button';
export { clampPage, pageCountOf, parseJumpPage, showingLabel, shownRows } from './pagination';
export { Paginator, type PaginatorProps } from './paginator';
export { SearchInput, type SearchInputProps } from './search-input';
export { SideDrawer, type SideDrawerProps } from './side-drawer';
export { StatusBadge, type StatusBadgeProps } from './status-badge';
export { payoutStatusTone, statusLabel, uploadStatusTone, type StatusTone } from './status-tone';
export { Unauthorized } from './unauthorized';
export {
  MAX_VISIBLE_OUTCOMES,
  OUTCOME_TYPE_LABELS,
  dismissUploadOutcome,
  downloadProcessedSheet,
  isPayrollOutcome,
  outcomeHeadline,
  outcomeTone,
  payrollHrefOf,
  rowCountsText,
  uploadOutcomeKeys,
  uploadOutcomesQuery,
  visibleOutcomes,
  type OutcomeTone,
} from './upload-outcomes';
