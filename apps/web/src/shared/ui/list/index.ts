/** The one list of every list page: URL state (nuqs), remembered columns, and the frame. */
export { ListView, type ListViewProps, type ListViewState } from './list-view';
export { columnsStorageKey, useColumnVisibility, type ColumnVisibility, type ColumnVisibilityConfig } from './use-column-visibility';
export { useListState, type ListSort, type ListState, type ListStateConfig, type SortOrder } from './use-list-state';
export {
  MAX_SEARCH_TEXT,
  entriesFromFilters,
  filtersFromEntries,
  parseAsBusinessDate,
  parseAsFilterEntries,
  parseAsLiteral,
  parseAsOneOf,
  parseAsPage,
  parseAsText,
  parseFilterEntry,
  type FilterEntry,
} from './url-parsers';
