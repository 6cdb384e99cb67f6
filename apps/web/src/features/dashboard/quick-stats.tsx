import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsExchange, IconCoinRupee, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { STATS_KINDS, STATS_KIND_LABELS, cycleSoFar, dashboardLinks, formatCount, formatRupees, type DashboardStats, type StatsKind } from '@portal/domain';
import { PageTitle, SegmentedChoice, errorMessage } from '../../shared/ui';
import { statsQuery, vendorStatsQuery } from './api';
import { periodLabel } from './chart-model';

interface CardProps {
  label: string;
  value: ReactNode;
  note: string;
  icon: ReactNode;
  href: string | null;
  loading: boolean;
  testId: string;
}

function StatCard({ label, value, note, icon, href, loading, testId }: CardProps) {
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        {loading ? (
          <Skeleton height={30} width={120} radius="sm" />
        ) : (
          <Text fz={26} fw={700} lh={1.2} data-testid={testId}>
            {value}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      </Stack>
      <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
    </Group>
  );
  return href ? (
    <Paper withBorder p="md" radius="md" component={Link} to={href} style={{ textDecoration: 'none', color: 'inherit' }}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder p="md" radius="md">
      {body}
    </Paper>
  );
}

const figures = (s: DashboardStats) =>
  s.kind === 'EWA'
    ? { transactions: s.salaryWithdrawalCompleted, value: s.withdrawalValue }
    : { transactions: s.salaryTopupApplications, value: s.salaryTopupDisbursedValue };

/**
 * Quick Stats (spec 2.4): Earned Wage or Salary Topups, three cards for the current attendance
 * cycle so far, each opening its list for the same period (the figures agree with those screens).
 */
export function QuickStats({ vendorId, today }: { vendorId: string | null; today: string }) {
  const [kind, setKind] = useState<StatsKind>('EWA');
  const stats = useQuery(statsQuery(kind, vendorId));
  const vendor = useQuery({ ...vendorStatsQuery(vendorId ?? ''), enabled: vendorId !== null });
  const data = stats.data?.kind === kind ? stats.data : undefined;
  const period = data ? cycleSoFar(data.attendanceCycleDates, today) : null;
  const links = period ? dashboardLinks(vendorId, period) : null;
  const f = data ? figures(data) : null;
  const cycle = period ? periodLabel(data!.attendanceCycleDates) : null;
  const cycleNote = cycle ? `This cycle: ${cycle}` : 'This cycle';
  // The month keeps its capital ("Nov 2026"), as on the other cards.
  const disbursedNote = cycle ? `Disbursed this cycle: ${cycle}` : 'Disbursed this cycle';
  const loading = !data;

  return (
    <Stack gap="sm">
      <PageTitle
        title="Quick Stats"
        actions={
          <SegmentedChoice label="Quick Stats of" value={kind} onChange={setKind} data={STATS_KINDS.map((k) => ({ value: k, label: STATS_KIND_LABELS[k] }))} />
        }
      />
      {stats.isError ? (
        <Text c="red" size="sm" role="alert">
          {errorMessage(stats.error)}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <StatCard label="Total Employees" value={data ? formatCount(data.totalEmployees) : null} note="Everyone on the list" icon={<IconUsers size={22} />} href={links?.employees ?? null} loading={loading} testId="stat-employees" />
        <StatCard
          label="Total Transactions"
          value={f ? formatCount(f.transactions) : null}
          note={cycleNote}
          icon={<IconArrowsExchange size={22} />}
          href={links ? (kind === 'EWA' ? links.transactions : links.salaryTopups) : null}
          loading={loading}
          testId="stat-transactions"
        />
        <StatCard
          label="Total Withdraw Value"
          value={f ? formatRupees(f.value) : null}
          note={kind === 'EWA' ? cycleNote : disbursedNote}
          icon={<IconCoinRupee size={22} />}
          href={links ? (kind === 'EWA' ? links.transactions : links.salaryTopups) : null}
          loading={loading}
          testId="stat-value"
        />
      </SimpleGrid>
      {vendorId ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <StatCard label="Withdrawal Requests" value={vendor.data ? formatCount(vendor.data.salaryWithdrawalRequests) : null} note="Asked for this cycle" icon={<IconArrowsExchange size={22} />} href={null} loading={!vendor.data} testId="stat-requests" />
          <StatCard label="Pending Requests" value={vendor.data ? formatCount(vendor.data.salaryWithdrawalPending) : null} note="Still on their way" icon={<IconArrowsExchange size={22} />} href={null} loading={!vendor.data} testId="stat-pending" />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
