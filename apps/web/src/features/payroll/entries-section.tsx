import { useEffect, useId, useRef, useState } from 'react';
import { Badge, Group, Paper, Tabs, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PAYROLL_PER_PAGE_LIMIT, type CountAmount, type MonthYearValue, type PayoutCounts, type PayrollEntryRow } from '@portal/domain';
import { ListView, errorMessage, useListState, type ListState } from '../../shared/ui';
import { payoutEntriesQuery } from './api';
import { ENTRIES_MIN_WIDTH, TransactionDialog, entryColumns } from './entries-table';
import { cutOffText, laterAdvancesText } from './entry-text';
import { parseAsPayrollMonth, type PayrollTab } from './model';

/** The server's pages are PAYROLL_PER_PAGE_LIMIT rows (perPageLimit): the only page size. */
const PAGE_SIZES = [PAYROLL_PER_PAGE_LIMIT] as const;

type EntriesExtra = { month: typeof parseAsPayrollMonth };

/** The entries' state in the URL: month (yyyy-mm), page, tab (its label in lower case) and search. */
export interface PayrollEntriesState {
  list: ListState<never, never, string, EntriesExtra>;
  /** The tab in force (the first, Total, by default). */
  tab: PayrollTab;
  /** The month in the URL, or null (the screen then shows payroll-info's month). */
  month: MonthYearValue | null;
}

/**
 * The Payroll Summary's and the payout screen's URL state (spec 2.10, 2.11): `month`, `page`,
 * `tab` and `search`, through the list state (nuqs). Defaults (page 1, tab total, no search) are
 * left out of the URL; other parameters (vendorId) are kept. A new tab, search or month goes back
 * to page 1.
 */
export function usePayrollEntriesState(tabs: readonly PayrollTab[]): PayrollEntriesState {
  const list = useListState<never, never, string, EntriesExtra>({
    tabs: tabs.map((t) => t.key),
    defaultTab: tabs[0]!.key,
    pageSizes: PAGE_SIZES,
    defaultPageSize: PAYROLL_PER_PAGE_LIMIT,
    extra: { month: parseAsPayrollMonth },
  });
  return { list, tab: tabs.find((t) => t.key === list.tab) ?? tabs[0]!, month: list.extra.month };
}

export interface EntriesSectionProps {
  variant: 'summary' | 'payout';
  vendorId: string | null;
  month: MonthYearValue;
  state: PayrollEntriesState;
  tabs: readonly PayrollTab[];
  /** How often the entries are asked for again (while processed or paid out), or false. */
  refreshMs: number | false;
  /** The payroll's status: when it moves, the entries are asked for again (the last refresh may predate the move). */
  status: string | null;
  /** Buttons shown beside the tabs (the Failed tab's Re-Run Payroll). */
  tabActions?: React.ReactNode;
  /** The advances taken after the cut-off and still owed (payroll-details), which the next payroll deducts. */
  laterAdvances?: CountAmount | null;
}

/** Which advances and EMIs the deductions take: those up to the payroll month's last day; and what is left to the next payroll. */
function DeductionsNote({ month, laterAdvances }: { month: MonthYearValue; laterAdvances: CountAmount | null | undefined }) {
  const later = laterAdvancesText(laterAdvances, month);
  return (
    <Group gap={6} px="md" pb="sm" align="flex-start" wrap="nowrap" data-testid="deductions-cutoff">
      <IconInfoCircle size={16} stroke={1.8} color="var(--mantine-color-dimmed)" style={{ flex: 'none', marginTop: 2 }} aria-hidden />
      <Text size="sm" c="dimmed">
        {cutOffText(month)}
        {later ? ` ${later}` : ''}
      </Text>
    </Group>
  );
}

const countOf = (counts: PayoutCounts | undefined, tab: PayrollTab): number | null => (counts ? (counts[tab.filter] ?? 0) : null);

/**
 * The entries of a month's payroll in the list frame: server pages (perPageLimit), a search by
 * name or employee ID (2.10: text is needed to search; clearing it shows every row again) and
 * tabs with their counts, each a filter of the one table.
 */
export function EntriesSection({ variant, vendorId, month, state, tabs, refreshMs, status, tabActions, laterAdvances }: EntriesSectionProps) {
  const { list, tab } = state;
  const query = useQuery(payoutEntriesQuery(vendorId, { month, filter: tab.filter, page: list.page, search: list.search }, refreshMs));
  const data = query.data;
  const seenStatus = useRef(status);
  const { refetch } = query;
  useEffect(() => {
    if (seenStatus.current === status) return;
    seenStatus.current = status;
    void refetch();
  }, [status, refetch]);
  const [open, setOpen] = useState<PayrollEntryRow | null>(null);
  const tableId = useId();
  const label = variant === 'summary' ? 'Payroll entries' : 'Employee payouts';

  // The tabs filter the one table below them (which they control); the page goes back to 1.
  const tabBar = (
    <Tabs value={tab.key} onChange={(value) => value && list.setTab(value)}>
      <Group justify="space-between" align="flex-end" px="md" wrap="wrap" gap="sm">
        <Tabs.List aria-label={`${label} by status`} style={{ flex: 1 }}>
          {tabs.map((t) => {
            const count = countOf(data?.counts, t);
            return (
              <Tabs.Tab
                key={t.key}
                value={t.key}
                aria-controls={tableId}
                rightSection={
                  count !== null ? (
                    <Badge size="sm" variant="light" color="gray" radius="sm">
                      {count}
                    </Badge>
                  ) : null
                }
              >
                {t.label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {tabActions ? <Group pb="xs">{tabActions}</Group> : null}
      </Group>
    </Tabs>
  );

  return (
    <Paper withBorder component="section" aria-label={label}>
      <ListView<PayrollEntryRow>
        unframed
        label={label}
        state={list}
        columns={entryColumns(variant, month, setOpen)}
        rows={data?.data}
        rowKey={(r) => r._id}
        total={data?.totalCount ?? 0}
        loading={query.isPending}
        fetching={query.isFetching && query.isPlaceholderData}
        error={query.isError ? errorMessage(query.error) : null}
        search={{ label: 'Search by name or employee ID', maxLength: 100, width: 320 }}
        pageSizeSelect={false}
        toolbarStart={
          list.search ? (
            <Text size="sm" c="dimmed" aria-live="polite" pb={8}>
              {data ? `${data.totalCount} match(es) for "${list.search}"` : `Searching for "${list.search}"`}
            </Text>
          ) : null
        }
        above={
          <>
            <DeductionsNote month={month} laterAdvances={laterAdvances} />
            {tabBar}
          </>
        }
        minWidth={ENTRIES_MIN_WIDTH[variant]}
        tableProps={{ id: tableId, horizontalSpacing: 'xs', verticalSpacing: 'sm' }}
      />
      {variant === 'payout' ? <TransactionDialog row={open} onClose={() => setOpen(null)} /> : null}
    </Paper>
  );
}
