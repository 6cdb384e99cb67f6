import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Group, Loader, Paper, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PAGINATION_NEIGHBOURS } from '@portal/domain';
import { ColumnToggle, type ColumnToggleProps } from '../column-toggle';
import { DeferredSelect } from '../deferred-select';
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableSelection } from '../data-table';
import type { FilterBuilderProps, FilterField } from '../filter-builder';
import type { Filter } from '../filter-model';
import { FilterPopover } from '../filter-popover';
import { Paginator } from '../paginator';
import { RefreshButton } from '../refresh-button';
import { SearchInput } from '../search-input';
import { onDemand, useIdlePreload } from '../on-demand';
import type { ListState } from './use-list-state';

/** The filter panel's rows (field, operator, value boxes): fetched once the list is idle (issue 14). */
const loadFilterBuilder = onDemand(() => import('../filter-builder'));
const FilterBuilder = lazy(() => loadFilterBuilder().then((m) => ({ default: m.FilterBuilder as ComponentType<FilterBuilderProps<string>> })));

/**
 * A search box wide enough for its whole placeholder (issue 24 item 7: "...Full Nam" was cut): 7.5 px
 * a character of 14 px text (a little over Inter's and the system fonts' average) plus the search
 * icon and the clear button. In px: a percentage of the toolbar's shrink-to-fit group resolves to
 * the group's own narrow width.
 */
const searchBoxWidth = (placeholder: string): number => Math.ceil(placeholder.length * 7.5 + 72);

/** What the frame needs of useListState's answer. */
export type ListViewState<F extends string> = Pick<
  ListState<string, F>,
  'page' | 'pageSize' | 'pageSizes' | 'search' | 'sort' | 'filters' | 'setPage' | 'setPageSize' | 'setSearch' | 'setFilters'
> & { toggleSort: (by: never) => void };

export interface ListViewProps<T, F extends string = never, K extends string = string> {
  /** The table's accessible name; the paginator is "<label> pages". */
  label: string;
  /** From useListState. */
  state: ListViewState<F>;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** Rows matching the search and filters (for the paginator); leave out for a list without pages. */
  total?: number;
  loading?: boolean;
  /** A refetch after the first page is on screen (keeps the paginator still). */
  fetching?: boolean;
  error?: string | null;
  emptyMessage?: string;
  emptyDescription?: ReactNode;
  selection?: DataTableSelection<T>;
  /** The search box (its accessible name, placeholder, max length); it is wide enough for its placeholder unless given a width. */
  search?: { label: string; placeholder?: string; maxLength?: number; width?: number; phonePlaceholder?: string };
  /** The filter builder's fields. */
  filterFields?: FilterField<F>[];
  /** The column toggle (useColumnVisibility().toggleProps). */
  columnToggle?: ColumnToggleProps<K>;
  /** A Refresh button calling this. */
  refetch?: () => Promise<unknown>;
  /** The rows-per-page choice (on unless false). */
  pageSizeSelect?: boolean;
  /** Controls at the start of the toolbar, after the search (date ranges, status...). */
  toolbarStart?: ReactNode;
  /** Controls at the end of the toolbar (Download...). */
  toolbarEnd?: ReactNode;
  /** Between the toolbar and the table (selection bar, notices). */
  above?: ReactNode;
  /** Below this width the table scrolls sideways (a list should fit 1366 px without it). */
  minWidth?: number;
  /** Pages shown either side of the current one: the spec's 2 (2.19, 9); the employees list passes its 1. */
  neighbours?: number;
  /** Drop the Paper frame (a list inside a tab panel or a card). */
  unframed?: boolean;
  /** Passed to the table (a dense table's spacing). */
  tableProps?: DataTableProps<T>['tableProps'];
}

/**
 * A list page's frame: toolbar (search, filters, page-specific controls, column toggle, refresh,
 * rows per page), the table with sortable headers, and the paginator with "Showing x - y of z".
 * The state lives in the URL (useListState); a list page is its columns plus its query.
 */
export function ListView<T, F extends string = never, K extends string = string>({
  label,
  state,
  columns,
  rows,
  rowKey,
  total,
  loading = false,
  fetching = false,
  error,
  emptyMessage,
  emptyDescription,
  selection,
  search,
  filterFields,
  columnToggle,
  refetch,
  pageSizeSelect = true,
  toolbarStart,
  toolbarEnd,
  above,
  minWidth = 0,
  neighbours = PAGINATION_NEIGHBOURS,
  unframed = false,
  tableProps,
}: ListViewProps<T, F, K>) {
  const paged = total !== undefined;
  // A phone's search box is about 276 px inside: a placeholder longer than that has a shorter form there (issue 24, item 7).
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  useIdlePreload(loadFilterBuilder);
  // A list with nothing in its toolbar (no search, filters, controls or rows-per-page) shows none.
  const hasToolbar = Boolean(search || toolbarStart || (filterFields && filterFields.length > 0) || columnToggle || toolbarEnd || refetch || (paged && pageSizeSelect));
  const toolbar = (
    <Group justify="space-between" gap="sm" p="md" wrap="wrap" align="flex-end">
      {/* Below 48em the search box is as wide as the toolbar (a shrink-to-fit group left it 222 px at 390). */}
      <Group gap="sm" wrap="wrap" align="flex-end" w={search ? { base: '100%', sm: 'auto' } : undefined}>
        {search ? (
          <SearchInput
            label={search.label}
            placeholder={(phone && search.phonePlaceholder) || search.placeholder}
            value={state.search}
            onSearch={state.setSearch}
            maxLength={search.maxLength ?? 100}
            w={{ base: '100%', sm: search.width ?? searchBoxWidth(search.placeholder ?? search.label) }}
          />
        ) : null}
        {toolbarStart}
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        {filterFields && filterFields.length > 0 ? (
          <FilterPopover label="Filter" activeCount={state.filters.length} width={620}>
            {(close) => (
              <Suspense fallback={<Loader size="sm" aria-label="Loading the filters" />}>
                <FilterBuilder
                  fields={filterFields}
                  value={state.filters}
                  onApply={(filters) => {
                    state.setFilters(filters as Filter<F>[]);
                    close();
                  }}
                  onCancel={close}
                />
              </Suspense>
            )}
          </FilterPopover>
        ) : null}
        {columnToggle ? <ColumnToggle<K> {...columnToggle} /> : null}
        {toolbarEnd}
        {refetch ? <RefreshButton refetch={refetch} /> : null}
        {paged && pageSizeSelect ? (
          <DeferredSelect
            label="Rows per page"
            data={state.pageSizes.map((n) => String(n))}
            value={String(state.pageSize)}
            allowDeselect={false}
            onChange={(value) => value && state.setPageSize(Number(value))}
            w={110}
          />
        ) : null}
      </Group>
    </Group>
  );

  const body = (
    <Stack gap={0}>
      {hasToolbar ? toolbar : null}
      {above}
      <DataTable
        label={label}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        minWidth={minWidth}
        tableProps={tableProps}
        loading={loading}
        loadingRows={Math.min(state.pageSize, 10)}
        error={error}
        emptyMessage={emptyMessage}
        emptyDescription={emptyDescription}
        selection={selection}
        sort={state.sort}
        onSort={(by) => state.toggleSort(by as never)}
      />
      {paged ? (
        <Stack p="md">
          <Paginator
            page={state.page}
            onChange={state.setPage}
            total={total}
            pageSize={state.pageSize}
            neighbours={neighbours}
            withShowingLabel
            label={`${label} pages`}
            disabled={fetching}
          />
        </Stack>
      ) : null}
    </Stack>
  );
  return unframed ? body : <Paper withBorder>{body}</Paper>;
}
