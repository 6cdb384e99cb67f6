import { useId, useState } from 'react';
import { Anchor, Badge, Group, List, Popover, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { formatRupees, reversedText, type MonthYearValue, type PayrollEntryRow } from '@portal/domain';
import { StatusBadge, payoutStatusTone, type DataTableColumn } from '../../shared/ui';
import { DeferredTooltip } from '../../shared/ui/deferred-tooltip';
import { deferredDialog } from '../../shared/ui/deferred-dialog';
import { EscapeCloses } from '../../shared/ui/escape-closes';
import type { TransactionDialogProps } from './transaction-dialog';
import { cutOffText, deductionLineLabel, deductionsBrief, noDeductionsText, paidDaysText, prorationLabel, prorationText } from './entry-text';
import { FLAG_NOTE, FLAG_SHORT_LABELS, flagsText, orderedFlags } from './flags';
import { DEDUCTIONS_HEADER, dateAndTimeIst } from './model';

/**
 * A row's flags: a small badge per flag, the full text in a tooltip and for screen readers. A row
 * naming someone else (NAME_DIFFERS, MOBILE_DIFFERS) also says, in view, what the employee record holds.
 */
export function FlagMarkers({ flags, record }: { flags: readonly string[]; record?: PayrollEntryRow['employeeRecord'] }) {
  const list = orderedFlags(flags);
  if (list.length === 0) return null;
  const recordNote = record && (list.includes('NAME_DIFFERS') || list.includes('MOBILE_DIFFERS')) ? recordText(list, record) : null;
  return (
    <DeferredTooltip label={`${flagsText(list, record)}. ${FLAG_NOTE}`} multiline w={300}>
      <Group gap={4} wrap="wrap" maw={220} data-testid="flag-markers">
        {list.map((f) => (
          <Badge key={f} color="orange" variant="light" size="sm" radius="sm" tt="none" leftSection={<IconFlag size={12} stroke={2} aria-hidden />}>
            {FLAG_SHORT_LABELS[f]}
          </Badge>
        ))}
        {recordNote ? (
          <Text size="xs" c="orange.9" w="100%" data-testid="flag-record" aria-hidden>
            {recordNote}
          </Text>
        ) : null}
        <VisuallyHidden>{`Flags: ${flagsText(list, record)}`}</VisuallyHidden>
      </Group>
    </DeferredTooltip>
  );
}

/** "Record: Ananya Rao, 98111 22233": what the employee record holds, for the flags a row carries. */
function recordText(list: readonly string[], record: NonNullable<PayrollEntryRow['employeeRecord']>): string {
  const parts: string[] = [];
  if (list.includes('NAME_DIFFERS')) parts.push(record.name);
  if (list.includes('MOBILE_DIFFERS') && record.mobile) parts.push(record.mobile);
  return `Record: ${parts.join(', ')}`;
}

/** The first 8 characters of a transaction id (the dialog shows all of it). */
const shortId = (id: string): string => (id.length > 10 ? `${id.slice(0, 8)}…` : id);

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Name, with the Employee ID and mobile under it (and, on the summary, the row's flags). */
function NameCell({ row, withFlags }: { row: PayrollEntryRow; withFlags: boolean }) {
  return (
    <Stack gap={2} miw={130} maw={230}>
      <Text size="sm" fw={500}>
        {row.name}
      </Text>
      <Text size="xs" c="dimmed">
        {row.employerEmployeeCode}
        {row.mobile ? ` · ${row.mobile}` : ''}
      </Text>
      {withFlags ? <FlagMarkers flags={row.flags} record={row.employeeRecord} /> : null}
    </Stack>
  );
}

/** The salary for the paid days, with its arithmetic under it: "₹30,000.00 × 26/30" and "Paid days 26 / 30". */
function SalaryCell({ row }: { row: PayrollEntryRow }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" style={nowrap}>
        {formatRupees(row.salary)}
      </Text>
      <Text size="xs" c="dimmed" style={nowrap} title={prorationLabel(row.monthlySalary, row.paidDays, row.workingDays)}>
        {prorationText(row.monthlySalary, row.paidDays, row.workingDays)}
      </Text>
      <Text size="xs" c="dimmed" style={nowrap}>
        {paidDaysText(row.paidDays, row.workingDays)}
      </Text>
    </Stack>
  );
}

/**
 * The provider deductions. Nothing deducted says so, with the cut-off (the payroll month's last
 * day). Otherwise the amount opens what it repays: each advance by its date and each top-up EMI by
 * its due date, with their amounts; a few words under it count them.
 */
function DeductionsCell({ row, month }: { row: PayrollEntryRow; month: MonthYearValue }) {
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const items = row.deductionItems;
  if (row.deductions === 0 && items.length === 0) {
    return (
      <Stack gap={0} align="flex-end" maw={150} ml="auto">
        <Text size="sm" style={nowrap}>
          {formatRupees(0)}
        </Text>
        <Text size="xs" c="dimmed" ta="right">
          {noDeductionsText(month)}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0} align="flex-end">
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withArrow trapFocus returnFocus withinPortal>
        <Popover.Target>
          <Anchor
            onClick={() => setOpened((o) => !o)}
            component="button"
            type="button"
            size="sm"
            underline="always"
            style={{ ...nowrap, textDecorationStyle: 'dotted', textUnderlineOffset: 3 }}
            aria-label={`Provider deductions of ${row.name}: ${formatRupees(row.deductions)}`}
          >
            {formatRupees(row.deductions)}
          </Anchor>
        </Popover.Target>
        <Popover.Dropdown p="md" aria-labelledby={titleId}>
          <EscapeCloses onClose={() => setOpened(false)} />
          <Stack gap="xs">
            <Text id={titleId} size="sm" fw={600}>
              Deductions of {row.name}
            </Text>
            <List listStyleType="none" spacing={4} size="sm">
              {items.map((d) => (
                <List.Item key={`${d.kind}:${d.id}`} styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
                  <Group justify="space-between" gap="md" wrap="nowrap">
                    <span>{deductionLineLabel(d)}</span>
                    <Text span size="sm" fw={500} style={nowrap}>
                      {formatRupees(d.amount)}
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed">
              {cutOffText(month)}
            </Text>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <Text size="xs" c="dimmed" style={nowrap}>
        {deductionsBrief(items)}
      </Text>
    </Stack>
  );
}

/** The transaction id (opening its details) with the payout's date under it. */
function TransactionCell({ row, onOpen }: { row: PayrollEntryRow; onOpen: (row: PayrollEntryRow) => void }) {
  const date = dateAndTimeIst(row.paidAt ?? row.updatedDate).date;
  return (
    <Stack gap={0} align="flex-start">
      {row.requestId ? (
        <DeferredTooltip label={row.requestId}>
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => onOpen(row)} aria-label={`Transaction ID ${row.requestId}`} ff="monospace" style={nowrap}>
            {shortId(row.requestId)}
          </Anchor>
        </DeferredTooltip>
      ) : (
        <Text size="sm" c="dimmed">
          -
        </Text>
      )}
      <Text size="xs" c="dimmed" style={nowrap}>
        {row.requestId ? date || '-' : ''}
      </Text>
    </Stack>
  );
}

/** Status badge with the skip reason (or, for a payout the bank reversed after paying it, the reversal) under it. */
function StatusCell({ row }: { row: PayrollEntryRow }) {
  return (
    <Stack gap={2} align="flex-start" miw={100} maw={170}>
      <StatusBadge tone={payoutStatusTone(row.status)} status={row.status} style={{ flex: 'none' }} />
      {row.skipReason ? (
        <Text size="xs" c="dimmed">
          {row.skipReason}
        </Text>
      ) : null}
      {row.reversedOn ? (
        <Text size="xs" c="dimmed">
          {reversedText(row.reversedOn, row.utr)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The Transaction ID's details (spec 2.11), its code loaded on demand (transaction-dialog.tsx). */
export const TransactionDialog = deferredDialog<TransactionDialogProps>(() => import('./transaction-dialog'), (p) => p.row !== null);

/** Below this width the entries scroll sideways (the columns at their narrowest, within a 1366 px screen). */
export const ENTRIES_MIN_WIDTH = { summary: 820, payout: 900 } as const;

/**
 * The columns of the payroll entries of 2.10 and 2.11: amounts from paise in en-IN rupees, account
 * numbers masked by the server. Related fields share a column (Employee ID and mobile under the
 * name, IFSC under the account number, the payout's date under its Transaction ID) so that every
 * column, status included, fits a 1366 px laptop screen without scrolling sideways.
 * summary: the pre-execution columns with flags; payout: with the Transaction ID (opening its
 * details through `onOpen`) and the status badge.
 */
export function entryColumns(variant: 'summary' | 'payout', month: MonthYearValue, onOpen: (row: PayrollEntryRow) => void): DataTableColumn<PayrollEntryRow>[] {
  const columns: DataTableColumn<PayrollEntryRow>[] = [
    { key: 'name', header: 'Name', subHeader: 'Employee ID · Mobile', render: (r) => <NameCell row={r} withFlags={variant === 'summary'} /> },
    { key: 'salary', header: 'Salary', subHeader: 'Monthly × paid days', align: 'right', render: (r) => <SalaryCell row={r} /> },
    { key: 'deductions', header: DEDUCTIONS_HEADER, align: 'right', render: (r) => <DeductionsCell row={r} month={month} /> },
    {
      key: 'amountPayable',
      header: 'Net Salary',
      align: 'right',
      nowrap: true,
      render: (r) => (
        <Text size="sm" fw={600} span>
          {formatRupees(r.amountPayable)}
        </Text>
      ),
    },
    {
      key: 'account',
      header: 'Account Number',
      subHeader: 'IFSC',
      nowrap: true,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.accountNumber}</Text>
          <Text size="xs" c="dimmed">
            {r.ifsc}
          </Text>
        </Stack>
      ),
    },
  ];
  if (variant === 'payout') columns.push({ key: 'requestId', header: 'Transaction ID', subHeader: 'Date', render: (r) => <TransactionCell row={r} onOpen={onOpen} /> });
  columns.push({ key: 'status', header: 'Status', render: (r) => <StatusCell row={r} /> });
  return columns;
}
