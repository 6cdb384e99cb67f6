import { useEffect, useRef } from 'react';
import { Badge, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PAYROLL_PER_PAGE_LIMIT, type CountAmount, type MonthYearValue, type PayoutCounts } from '@portal/domain';
import { Paginator, SearchInput, errorMessage } from '../../shared/ui';
import { payoutEntriesQuery } from './api';
import { EntriesTable } from './entries-table';
import { cutOffText, laterAdvancesText } from './entry-text';
import type { PayrollListState, PayrollTab } from './url-state';

export interface EntriesSectionProps {
  variant: 'summary' | 'payout';
  vendorId: string | null;
  month: MonthYearValue;
  state: PayrollListState;
  tabs: readonly PayrollTab[];
  onChange: (patch: Partial<Pick<PayrollListState, 'page' | 'tab' | 'search'>>) => void;
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
 * The entries of a month's payroll with server pagination (perPageLimit), a search by name or
 * employee ID (2.10: text is needed to search; clearing it shows every row again) and tabs with
 * their counts.
 */
export function EntriesSection({ variant, vendorId, month, state, tabs, onChange, refreshMs, status, tabActions, laterAdvances }: EntriesSectionProps) {
  const query = useQuery(payoutEntriesQuery(vendorId, { month, filter: state.tab.filter, page: state.page, search: state.search }, refreshMs));
  const data = query.data;
  const seenStatus = useRef(status);
  const { refetch } = query;
  useEffect(() => {
    if (seenStatus.current === status) return;
    seenStatus.current = status;
    void refetch();
  }, [status, refetch]);
  const perPage = data?.perPageLimit ?? PAYROLL_PER_PAGE_LIMIT;
  const label = variant === 'summary' ? 'Payroll entries' : 'Employee payouts';

  const table = (
    <EntriesTable
      variant={variant}
      label={label}
      month={month}
      rows={data?.data}
      loading={query.isPending}
      loadingRows={Math.min(perPage, 10)}
      error={query.isError ? errorMessage(query.error) : null}
    />
  );

  return (
    <Paper withBorder component="section" aria-label={label}>
      <Stack gap={0}>
        <Group p="md" justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <SearchInput
            label="Search by name or employee ID"
            value={state.search}
            onSearch={(search) => onChange({ search, page: 1 })}
            maxLength={100}
            w={{ base: '100%', sm: 320 }}
          />
          {state.search ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {data ? `${data.totalCount} match(es) for "${state.search}"` : `Searching for "${state.search}"`}
            </Text>
          ) : null}
        </Group>
        <DeductionsNote month={month} laterAdvances={laterAdvances} />
        <Tabs value={state.tab.key} onChange={(value) => value && onChange({ tab: tabs.find((t) => t.key === value) ?? tabs[0]!, page: 1 })} keepMounted>
          <Group justify="space-between" align="flex-end" px="md" wrap="wrap" gap="sm">
            <Tabs.List aria-label={`${label} by status`} style={{ flex: 1 }}>
              {tabs.map((t) => {
                const count = countOf(data?.counts, t);
                return (
                  <Tabs.Tab key={t.key} value={t.key} rightSection={count !== null ? <Badge size="sm" variant="light" color="gray" radius="sm">{count}</Badge> : null}>
                    {t.label}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            {tabActions ? <Group pb="xs">{tabActions}</Group> : null}
          </Group>
          {tabs.map((t) => (
            <Tabs.Panel key={t.key} value={t.key}>
              {t.key === state.tab.key ? table : null}
            </Tabs.Panel>
          ))}
        </Tabs>
        <Stack p="md">
          <Paginator
            page={state.page}
            onChange={(page) => onChange({ page })}
            total={data?.totalCount ?? 0}
            pageSize={perPage}
            withShowingLabel
            label={`${label} pages`}
            disabled={query.isFetching && query.isPlaceholderData}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}
