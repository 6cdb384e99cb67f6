import type { ReactNode } from 'react';
import { Modal, Table, Text } from '@mantine/core';
import { reversedText, type PayrollEntryRow } from '@portal/domain';
import { StatusBadge, payoutStatusTone } from '../../shared/ui';
import { dateAndTimeIst } from './model';

export interface TransactionDialogProps {
  row: PayrollEntryRow | null;
  onClose: () => void;
}

/** The Transaction ID's details (spec 2.11): Transaction ID, Date, Time, UTR, Transaction Status. */
export default function TransactionDialog({ row, onClose }: TransactionDialogProps) {
  const when = dateAndTimeIst(row?.paidAt ?? row?.updatedDate);
  const line = (label: string, value: ReactNode) => (
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
            {/* Issue 20 item 2: a reversed transfer's UTR is no payment; say so in words. */}
            {row.reversedOn ? line('Reversed', reversedText(row.reversedOn, row.utr)) : line('UTR', row.status === 'TRANSFERRED' ? (row.utr ?? '-') : '-')}
            {line('Transaction Status', <StatusBadge tone={payoutStatusTone(row.status)} status={row.status} />)}
          </Table.Tbody>
        </Table>
      ) : null}
    </Modal>
  );
}
