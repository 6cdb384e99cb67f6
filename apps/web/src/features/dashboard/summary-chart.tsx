import { Link } from 'react-router';
import { Anchor, Group, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { CycleTransactionDetail } from '@portal/domain';
import { EmptyState, PageTitle } from '../../shared/ui';
import { chartBars, compactRupees, wholeRupees } from './chart-model';

export interface SummaryChartProps {
  periods: readonly CycleTransactionDetail[] | undefined;
  /** The Transactions screen for the chart's whole window. */
  viewHref: string;
  loading: boolean;
}

const W = 640;
const H = 260;
const PAD = { top: 24, right: 12, bottom: 44, left: 56 };

/**
 * Summary (spec 2.4): completed withdrawals per attendance-cycle period, bar heights in rupees,
 * with a View link to the transactions. An SVG of our own (no chart library in the app): one image
 * with a name, a title per bar for pointer users, and the figures repeated in a hidden table.
 */
export function SummaryChart({ periods, viewHref, loading }: SummaryChartProps) {
  const model = periods ? chartBars(periods) : null;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = model ? innerW / Math.max(1, model.bars.length) : 0;
  const barW = Math.min(56, slot * 0.6);
  const empty = model !== null && model.bars.every((b) => b.count === 0);

  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Stack gap="sm">
        <PageTitle
          order={3}
          title="Summary"
          description="Transactions per attendance cycle, in rupees"
          actions={
            <Anchor component={Link} to={viewHref} size="sm" fw={600} aria-label="View transactions of these cycles">
              View
            </Anchor>
          }
        />
        {loading || !model ? (
          <Skeleton height={H} radius="md" />
        ) : empty ? (
          <EmptyState compact message="No transactions yet" description="Withdrawals of the last six attendance cycles show here." />
        ) : (
          <>
            <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby="summary-chart-title" style={{ display: 'block', maxHeight: 300 }}>
              <title id="summary-chart-title">
                {`Transactions per attendance cycle: ${model.bars.map((b) => `${b.label}, ${b.count} transactions, ${wholeRupees(b.rupees)}`).join('; ')}`}
              </title>
              {Array.from({ length: model.ticks + 1 }, (_, k) => {
                const y = PAD.top + innerH - (innerH * k) / model.ticks;
                return (
                  <g key={k} aria-hidden>
                    <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="var(--mantine-color-gray-3)" strokeDasharray={k === 0 ? undefined : '3 4'} />
                    <text x={PAD.left - 8} y={y + 4} textAnchor="end" fontSize={12} fill="var(--mantine-color-gray-7)">
                      {compactRupees((model.max * k) / model.ticks)}
                    </text>
                  </g>
                );
              })}
              {model.bars.map((b, k) => {
                const x = PAD.left + slot * k + (slot - barW) / 2;
                const h = Math.max(b.rupees > 0 ? 2 : 0, innerH * b.height);
                const y = PAD.top + innerH - h;
                return (
                  <g key={b.key}>
                    <rect x={x} y={y} width={barW} height={h} rx={4} fill="var(--mantine-color-blue-6)">
                      <title>{`${b.longLabel}: ${b.count} transactions, ${wholeRupees(b.rupees)}`}</title>
                    </rect>
                    <text x={x + barW / 2} y={y - 6} textAnchor="middle" fontSize={12} fill="var(--mantine-color-gray-8)" aria-hidden>
                      {b.count}
                    </text>
                    <text x={x + barW / 2} y={H - PAD.bottom + 18} textAnchor="middle" fontSize={12} fill="var(--mantine-color-gray-7)" aria-hidden>
                      {b.label}
                    </text>
                  </g>
                );
              })}
            </svg>
            <Group gap="lg" justify="center">
              <Group gap={6}>
                <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: 'var(--mantine-color-blue-6)', display: 'inline-block' }} />
                <Text size="xs" c="dimmed">
                  Value (₹); the number above a bar is its transactions
                </Text>
              </Group>
            </Group>
            <VisuallyHidden>
              <table>
                <caption>Transactions per attendance cycle</caption>
                <thead>
                  <tr>
                    <th scope="col">Cycle</th>
                    <th scope="col">Transactions</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {model.bars.map((b) => (
                    <tr key={b.key}>
                      <th scope="row">{b.longLabel}</th>
                      <td>{b.count}</td>
                      <td>{wholeRupees(b.rupees)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
