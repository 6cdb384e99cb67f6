import { Link } from 'react-router';
import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PAYROLL_MSG, formatRupees, isDisbursalStatus, monthKey, monthLabel, parseMonthKey, type CountAmount, type MonthYearValue } from '@portal/domain';
import { EmptyState, StatusBadge, errorMessage } from '../../shared/ui';
import { DeferredSelect } from '../../shared/ui/deferred-select';
import { monthlySummaryQuery } from './api';
import { DonutChart, type DonutSegment } from './donut-chart';
import { payrollHref, payrollStatusTone, summaryFigures, summaryMonths, type SummaryFigure } from './model';

export interface MonthlySummaryProps {
  vendorId: string | null;
  /** the current payroll month (payroll-info) */
  current: MonthYearValue;
  /** the month chosen in the dropdown; null: the current payroll month */
  selected: MonthYearValue | null;
  onSelect: (month: MonthYearValue) => void;
}

const COLORS: Record<SummaryFigure['key'], string> = {
  total: 'var(--mantine-color-gray-5)',
  paid: 'var(--mantine-color-green-6)',
  pending: 'var(--mantine-color-orange-5)',
  failed: 'var(--mantine-color-red-6)',
  toBePaid: 'var(--mantine-color-blue-5)',
  skipped: 'var(--mantine-color-gray-5)',
};
const TEST_IDS: Record<SummaryFigure['key'], string> = {
  total: 'summary-total',
  paid: 'summary-paid',
  pending: 'summary-pending',
  failed: 'summary-failed',
  toBePaid: 'summary-to-be-paid',
  skipped: 'summary-skipped',
};

function Figure({ label, value, testId }: { label: string; value: CountAmount; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value.count}</Text>
      <Text size="xs" c="dimmed">
        {formatRupees(value.amount)}
      </Text>
    </Stack>
  );
}

/** Why a month's payroll shows no figures: cancelled, failed, still being read, or no rows. */
function emptyDescription(status: string | null): string {
  if (status === 'CANCELLED') return 'This payroll was cancelled: nothing was or will be paid from it.';
  if (status === 'PAYROLL_PROCESSING_FAILED') return 'The sheet was not processed, so this payroll has no entries.';
  if (status === 'UPLOADED' || status === 'PROCESSING') return 'The sheet is still being processed.';
  return 'This payroll has no entries.';
}

/**
 * Monthly Summary (spec 2.9): a month dropdown (spec 9's month names), a donut of the month's net
 * pay by outcome (paid, pending, failed) and the figures; "Oops! No Data found" for a month
 * without a payroll.
 */
export function MonthlySummary({ vendorId, current, selected, onSelect }: MonthlySummaryProps) {
  const month = selected ?? current;
  const query = useQuery(monthlySummaryQuery(vendorId, month));
  const data = query.data;
  const months = summaryMonths(current, data);
  if (!months.some((m) => monthKey(m) === monthKey(month))) months.unshift(month);
  const summary = data?.summary;

  // Decision 0033: a payroll not executed shows its finalized entries as "To be paid", never as "Pending".
  const figures = summary ? summaryFigures(summary) : [];
  const segments: DonutSegment[] = figures
    .filter((f) => f.key !== 'total' && f.key !== 'skipped')
    .map((f) => ({ key: f.key, label: f.label, value: f.value.amount, valueText: formatRupees(f.value.amount), color: COLORS[f.key] }));

  let body;
  if (query.isPending) body = <Skeleton height={168} />;
  else if (query.isError)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        {errorMessage(query.error)}
      </Alert>
    );
  else if (!summary || summary.payrollId === null) body = <EmptyState message={PAYROLL_MSG.noData} compact />;
  else
    body = (
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Status
          </Text>
          {summary.status ? <StatusBadge tone={payrollStatusTone(summary.status)} status={summary.status} /> : null}
          {summary.status && isDisbursalStatus(summary.status) ? (
            <Anchor component={Link} to={payrollHref('/payroll/summary', month, vendorId)} size="sm" fw={500}>
              {PAYROLL_MSG.viewStatus}
            </Anchor>
          ) : null}
        </Group>
        {summary.total.count === 0 ? (
          <EmptyState message={PAYROLL_MSG.noData} description={emptyDescription(summary.status)} compact />
        ) : (
          <>
            <DonutChart
              label={`Net pay for ${monthLabel(month)}`}
              segments={segments}
              center={
                <>
                  <Text size="xs" c="dimmed">
                    Total
                  </Text>
                  <Text fw={700} size="sm">
                    {formatRupees(summary.total.amount)}
                  </Text>
                </>
              }
            />
            <SimpleGrid cols={{ base: 2, sm: figures.length }} spacing="sm">
              {figures.map((f) => (
                <Figure key={f.key} label={f.label} value={f.value} testId={TEST_IDS[f.key]} />
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    );

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="monthly-summary-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} fz="h4" id="monthly-summary-heading">
            Monthly Summary
          </Title>
          <DeferredSelect
            label="Month"
            w={200}
            data={months.map((m) => ({ value: monthKey(m), label: monthLabel(m) }))}
            value={monthKey(month)}
            allowDeselect={false}
            onChange={(value) => {
              const next = value ? parseMonthKey(value) : null;
              if (next) onSelect(next);
            }}
          />
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
