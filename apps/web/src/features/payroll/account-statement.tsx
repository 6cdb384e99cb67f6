/**
 * The account statement (issue 20 item 1): the employer's ledger, newest first, with the money
 * that came back from payouts that did not reach a worker as its own lines, and the identity
 * credits - debits = balance. Employer context only (the server answers 404 in vendor context).
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatRupees, type AccountStatement, type AccountStatementLine, payoutCalls } from '@portal/domain';
import { call } from '../../shared/api/client';
import { payrollKeys } from '../../shared/api/query-keys';
import { errorMessage } from '../../shared/ui';
import { dateAndTimeIst } from './model';

const statementQuery = () =>
  queryOptions({
    queryKey: payrollKeys.accountStatement(),
    queryFn: () => call(payoutCalls.accountStatement),
    staleTime: 0,
  });

const WHAT: Record<AccountStatementLine['what'], { label: string; color: string }> = {
  RECHARGE: { label: 'Added', color: 'teal' },
  PAYROLL: { label: 'Payroll', color: 'gray' },
  RETURN: { label: 'Returned', color: 'orange' },
};

function StatementTable({ data }: { data: AccountStatement }) {
  return (
    <Stack gap="sm">
      <Text size="sm" aria-label="Statement totals">
        Credits {formatRupees(data.credits)} (of which returned {formatRupees(data.returned)}) - debits {formatRupees(data.debits)} = balance{' '}
        <Text span fw={600}>
          {formatRupees(data.accountBalance)}
        </Text>
      </Text>
      {data.totalLines > data.lines.length ? (
        <Text size="xs" c="dimmed">
          The newest {data.lines.length} of {data.totalLines} entries.
        </Text>
      ) : null}
      <ScrollArea type="auto">
        <Table aria-label="Account statement" striped miw={640} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th ta="right">Credit</Table.Th>
              <Table.Th ta="right">Debit</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.lines.map((l) => {
              const when = dateAndTimeIst(l.at);
              return (
                <Table.Tr key={l.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{when.date}</Text>
                    <Text size="xs" c="dimmed">
                      {when.time}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" align="flex-start">
                      <Badge variant="light" color={WHAT[l.what].color} style={{ flex: 'none' }}>
                        {WHAT[l.what].label}
                      </Badge>
                      <Text size="sm">{l.reason}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {l.kind === 'CREDIT' ? formatRupees(l.amount) : ''}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {l.kind === 'DEBIT' ? formatRupees(l.amount) : ''}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatRupees(l.balanceAfter)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

function StatementBody() {
  const q = useQuery(statementQuery());
  if (q.isPending) return <Loader size="sm" aria-label="Loading the statement" />;
  if (q.isError) return <Alert color="red">{errorMessage(q.error)}</Alert>;
  return <StatementTable data={q.data} />;
}

/** "Account statement": a button under the account card opening the statement in a dialog. */
export function AccountStatementButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="subtle" leftSection={<IconListDetails size={16} stroke={1.8} aria-hidden />} onClick={() => setOpen(true)}>
        Account statement
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Account statement" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
        {open ? <StatementBody /> : null}
      </Modal>
    </>
  );
}
