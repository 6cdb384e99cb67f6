/** The one list of every list page: URL state (nuqs), remembered columns, and the frame. */
export { ListView, type ListViewState } from './list-view';
export { useColumnVisibility } from './use-column-visibility';
export { useListState, type ListState } from './use-list-state';
export { parseAsBusinessDate, parseAsLiteral } from './url-parsers';
