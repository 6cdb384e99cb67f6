import { useState } from 'react';
import { Anchor, Badge, Group, Modal, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { formatRupees, type PayrollEntryRow } from '@portal/domain';
import { DataTable, StatusBadge, payoutStatusTone, type DataTableColumn } from '../../shared/ui';
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
    <Tooltip label={`${flagsText(list, record)}. ${FLAG_NOTE}`} multiline w={300}>
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
    </Tooltip>
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

/** Status badge with the skip reason under it. */
function StatusCell({ row }: { row: PayrollEntryRow }) {
  return (
    <Stack gap={2} align="flex-start" miw={120} maw={260}>
      <StatusBadge tone={payoutStatusTone(row.status)} status={row.status} style={{ flex: 'none' }} />
      {row.skipReason ? (
        <Text size="xs" c="dimmed">
          {row.skipReason}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The Transaction ID's details (spec 2.11): Transaction ID, Date, Time, UTR, Transaction Status. */
function TransactionDialog({ row, onClose }: { row: PayrollEntryRow | null; onClose: () => void }) {
  const when = dateAndTimeIst(row?.paidAt ?? row?.updatedDate);
  const line = (label: string, value: React.ReactNode) => (
    <Table.Tr>
      <Table.Th scope="row" w={170} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title="Transaction details"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {row ? (
        <Table aria-label="Transaction details" verticalSpacing="xs" withRowBorders={false}>
          <Table.Tbody>
            {line('Transaction ID', <Text style={{ wordBreak: 'break-all' }}>{row.requestId ?? '-'}</Text>)}
            {line('Date', when.date || '-')}
            {line('Time', when.time || '-')}
            {line('UTR', row.utr ?? '-')}
            {line('Transaction Status', <StatusBadge tone={payoutStatusTone(row.status)} status={row.status} />)}
          </Table.Tbody>
        </Table>
      ) : null}
    </Modal>
  );
}

export interface EntriesTableProps {
  /** summary: the pre-execution columns with flags; payout: with Date, Transaction ID and the status badge. */
  variant: 'summary' | 'payout';
  label: string;
  rows: readonly PayrollEntryRow[] | undefined;
  loading: boolean;
  error: string | null;
  loadingRows: number;
}

/** The payroll entries of 2.10 and 2.11: amounts from paise in en-IN rupees, account numbers masked by the server. */
export function EntriesTable({ variant, label, rows, loading, error, loadingRows }: EntriesTableProps) {
  const [open, setOpen] = useState<PayrollEntryRow | null>(null);
  const money = (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatRupees(value)}</span>;
  const columns: DataTableColumn<PayrollEntryRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (r) => (
        <Stack gap={4} miw={140}>
          <Text size="sm" fw={500}>
            {r.name}
          </Text>
          {variant === 'summary' ? <FlagMarkers flags={r.flags} record={r.employeeRecord} /> : null}
        </Stack>
      ),
    },
    { key: 'employerEmployeeCode', header: 'Employee ID', render: (r) => r.employerEmployeeCode },
    { key: 'mobile', header: 'Mobile Number', render: (r) => r.mobile || '-' },
    { key: 'salary', header: 'Salary', align: 'right', render: (r) => money(r.salary) },
    { key: 'deductions', header: DEDUCTIONS_HEADER, align: 'right', render: (r) => money(r.deductions) },
    { key: 'amountPayable', header: 'Net Salary', align: 'right', render: (r) => <Text size="sm" fw={600} span>{money(r.amountPayable)}</Text> },
    { key: 'accountNumber', header: 'Account Number', render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{r.accountNumber}</span> },
    { key: 'ifsc', header: 'IFSC', render: (r) => r.ifsc },
  ];
  if (variant === 'summary') {
    columns.push({ key: 'status', header: 'Status', render: (r) => <StatusCell row={r} /> });
  } else {
    columns.push({ key: 'date', header: 'Date', render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{dateAndTimeIst(r.paidAt ?? r.updatedDate).date || '-'}</span> });
    columns.push({
      key: 'requestId',
      header: 'Transaction ID',
      render: (r) =>
        r.requestId ? (
          <Tooltip label={r.requestId}>
            <Anchor component="button" type="button" size="sm" fw={500} onClick={() => setOpen(r)} aria-label={`Transaction ID ${r.requestId}`} ff="monospace">
              {shortId(r.requestId)}
            </Anchor>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            -
          </Text>
        ),
    });
    columns.push({ key: 'status', header: 'Status', render: (r) => <StatusCell row={r} /> });
  }
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={rows}
        rowKey={(r) => r._id}
        minWidth={variant === 'summary' ? 1100 : 1250}
        loading={loading}
        loadingRows={loadingRows}
        error={error}
        tableProps={{ horizontalSpacing: 'xs', verticalSpacing: 'sm' }}
      />
      {variant === 'payout' ? <TransactionDialog row={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
