import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Select, Stack } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { CAP_TOAST_DURATION_MS, WORKER_TRANSACTIONS_MSG, WORKER_TRANSACTIONS_RESULT_CAP, businessDate, canAccessArea, currentMonthRange, type SortOrder } from '@portal/domain';
import { profileQuery } from '../auth/profile';
import { saveBlob } from '../api/save-file';
import type { DataTableColumn } from './data-table';
import { DateField, EARLIEST_PICKABLE_DATE, useTypedDates } from './date-field';
import { ListView, parseAsBusinessDate, parseAsLiteral, useListState } from './list';
import { errorMessage, notifyApiError, notifyWarning } from './notify';
import { PageTitle } from './page-title';
import { Unauthorized } from './unauthorized';
import { useVendorId } from '../auth/vendor-context';

const ALL = 'ALL';

/** A dated search as the page holds it: the range, the status filter ('' for all) and the search text ('' when none). */
export interface DatedSearch {
  startDate: string;
  endDate: string;
  status: string;
  text: string;
}

/** One page of the search as the list asks for it. */
export interface DatedPage<S extends string> {
  page: number;
  pageSize: number;
  sortBy: S;
  sortOrder: SortOrder;
}

/** What the date boxes get from the page. */
export interface DatesContext {
  startDate: string;
  endDate: string;
  today: string;
  /** Tracks a box that holds text which is no date (the list then shows no rows). */
  track: (box: string) => (invalid: boolean) => void;
  /** Puts the range in the URL (a new search). */
  apply: (dates: { startDate: string; endDate: string }) => void;
  /** Asks for the same search again. */
  refetch: () => void;
}

/** The date boxes, and what they refuse themselves (shown in place of the range's own problem). */
export interface DateInputs {
  inputs: ReactNode;
  problem?: string | undefined;
}

/** What tells one dated search (Transactions, Salary Topups) from another: the rest is the one flow below. */
export interface DatedSearchList<D extends { total: number; capped: boolean }, K extends QueryKey, S extends string, T extends string, R> {
  /** Whether the page follows the vendor context (`vendorId`); without, it is always the employer's own. */
  vendorContext: boolean;
  title: { own: string; vendor: string };
  description: string;
  /** The list's accessible name. */
  label: string;
  sorts: readonly S[];
  defaultSort: S;
  firstOrder: Partial<Record<S, SortOrder>>;
  statuses: readonly T[];
  statusOptions: readonly { value: string; label: string }[];
  statusWidth: number;
  /** The search box, its URL key and label (none when absent). */
  search?: { key: string; label: string; width: number };
  /** The range's problem (spec 8's messages), or null. */
  checkDates: (startDate: string, endDate: string, today: string) => string | null;
  /** The date boxes: applied as they change, or on a Search of their own. */
  useDates: (context: DatesContext) => DateInputs;
  listQuery: (vendorId: string | null, search: DatedSearch, page: DatedPage<S>) => UseQueryOptions<D, Error, D, K>;
  rowsOf: (data: D) => R[];
  rowKey: (row: R) => string;
  columns: (vendorId: string | null) => DataTableColumn<R>[];
  /** The report of the whole search: its button's label, its file name and its call. */
  report: { label: string; fileName: string; download: (vendorId: string | null, search: DatedSearch) => Promise<Blob> };
}

/** A dated search's configuration, its types inferred from its calls. */
export const datedSearchList = <D extends { total: number; capped: boolean }, K extends QueryKey, S extends string, T extends string, R>(
  config: DatedSearchList<D, K, S, T, R>,
): DatedSearchList<D, K, S, T, R> => config;

/** The URL's dates, or this month so far; written even at their defaults, so a link keeps its range. */
const dateParam = (fallback: string) => parseAsBusinessDate.withDefault(fallback).withOptions({ clearOnDefault: false });

/** From and To, each applied as it changes; the range goes into the URL whole, so a link always carries it. */
export function useInstantDates({ startDate, endDate, today, track, apply }: DatesContext): DateInputs {
  return {
    inputs: (
      <>
        <DateField label="From" onInvalidChange={track('from')} value={startDate} pickable={{ from: EARLIEST_PICKABLE_DATE, to: today }} onChange={(value) => apply({ startDate: value, endDate })} />
        <DateField label="To" onInvalidChange={track('to')} value={endDate} pickable={{ from: EARLIEST_PICKABLE_DATE, to: today }} onChange={(value) => apply({ startDate, endDate: value })} />
      </>
    ),
  };
}

/**
 * A dated search (spec 2.12, 2.13, 6, 8): the rows between From and To (this month so far by
 * default, kept in the URL), filtered by status (and a search box where configured), sorted and
 * paged on the server; a warning toast for 3 seconds when a search reaches the cap, once per search
 * (not per page or sort); the report of the whole search. A refused range, or a box holding no
 * date, shows no rows, not the last good range's. Transactions and Salary Topups are this page
 * with their `DatedSearchList`.
 */
export function DatedSearchPage<D extends { total: number; capped: boolean }, K extends QueryKey, S extends string, T extends string, R>({
  config,
}: {
  config: DatedSearchList<D, K, S, T, R>;
}) {
  const urlVendorId = useVendorId();
  const vendorId = config.vendorContext ? urlVendorId : null;
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'TRANSACTIONS', 'READ', vendorId !== null);
  const today = businessDate(new Date());
  const [month] = useState(() => currentMonthRange(today));
  const state = useListState({
    sorts: config.sorts,
    defaultSort: { by: config.defaultSort, order: 'desc' },
    firstOrder: config.firstOrder,
    searchKey: config.search?.key,
    extra: { startDate: dateParam(month.startDate), endDate: dateParam(month.endDate), status: parseAsLiteral<T>(config.statuses) },
  });
  const { startDate, endDate, status } = state.extra;
  const sort = state.sort ?? { by: config.defaultSort, order: 'desc' as const };
  const typedDates = useTypedDates();
  const rangeProblem = config.checkDates(startDate, endDate, today);
  const search: DatedSearch = { startDate, endDate, status: status ?? '', text: state.search };

  const list = useQuery({
    ...config.listQuery(vendorId, search, { page: state.page, pageSize: state.pageSize, sortBy: sort.by, sortOrder: sort.order }),
    enabled: canRead && rangeProblem === null,
  });
  const dates = config.useDates({
    startDate,
    endDate,
    today,
    track: typedDates.track,
    apply: (range) => state.setExtra(range),
    refetch: () => void list.refetch(),
  });

  // spec 8: when a search reaches the cap, say so for 3 seconds, once per search (not per page or sort).
  const searchKey = JSON.stringify([vendorId, search]);
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (list.data?.capped && !list.isPlaceholderData && toasted.current !== searchKey) {
      toasted.current = searchKey;
      notifyWarning(WORKER_TRANSACTIONS_MSG.capToast(WORKER_TRANSACTIONS_RESULT_CAP), { autoClose: CAP_TOAST_DURATION_MS });
    }
  }, [list.data, list.isPlaceholderData, searchKey]);

  const download = useMutation({
    mutationFn: () => config.report.download(vendorId, search),
    onSuccess: (blob) => saveBlob(blob, config.report.fileName),
    onError: (error) => notifyApiError(error),
  });

  if (!canRead) return <Unauthorized />;

  const problem = dates.problem ?? rangeProblem;
  // A refused range, or a box holding no date, shows no rows: not the last good range's (issue 24 item 7).
  const noRows = problem !== null || typedDates.any;

  return (
    <Stack gap="lg">
      <PageTitle
        title={vendorId ? config.title.vendor : config.title.own}
        description={config.description}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} stroke={1.8} aria-hidden />}
            loading={download.isPending}
            disabled={rangeProblem !== null}
            onClick={() => download.mutate()}
          >
            {config.report.label}
          </Button>
        }
      />
      <ListView<R>
        label={config.label}
        tableProps={{ horizontalSpacing: 'xs' }}
        state={state}
        columns={config.columns(vendorId)}
        rows={noRows ? [] : list.data && config.rowsOf(list.data)}
        rowKey={config.rowKey}
        total={noRows ? 0 : (list.data?.total ?? 0)}
        loading={!noRows && list.isPending}
        fetching={list.isFetching && list.isPlaceholderData}
        error={list.isError ? errorMessage(list.error) : null}
        search={config.search ? { label: config.search.label, width: config.search.width } : undefined}
        toolbarStart={
          <>
            {dates.inputs}
            <Select
              label="Status"
              w={config.statusWidth}
              data={config.statusOptions.map((o) => ({ value: o.value || ALL, label: o.label }))}
              value={status ?? ALL}
              allowDeselect={false}
              onChange={(value) => state.setExtra({ status: value && value !== ALL ? (value as T) : null })}
            />
          </>
        }
        above={
          problem ? (
            <Alert color="red" variant="light" mx="md" mb="md" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {problem}
            </Alert>
          ) : null
        }
      />
    </Stack>
  );
}
