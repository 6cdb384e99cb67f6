import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { WITHDRAWAL_ACCESS_LABELS, formatRupees } from '@portal/domain';
import { PageTitle, notifyApiError } from '../../shared/ui';
import { fetchSalaryDetails } from './api';

/** Salary Details (spec 2.6, 3): fetched on demand with Fetch; amounts in en-IN rupees. */
export function SalaryDetailsCard({ vendorId, employeeId }: { vendorId: string | null; employeeId: string }) {
  const fetch = useMutation({ mutationFn: () => fetchSalaryDetails(vendorId, employeeId), onError: (error) => notifyApiError(error) });
  const s = fetch.data;
  const figures = s
    ? [
        { label: 'Current Available Salary', value: formatRupees(s.currentAvailableSalary) },
        { label: 'Withdrawn Amount', value: formatRupees(s.withdrawnAmount) },
        { label: 'SOD Remaining Balance', value: formatRupees(s.sodRemainingBalance) },
      ]
    : [];
  return (
    <Paper withBorder p="lg" component="section" aria-label="Salary Details">
      <Stack gap="md">
        <PageTitle
          title="Salary Details"
          order={2}
          actions={
            <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} loading={fetch.isPending} onClick={() => fetch.mutate()}>
              Fetch
            </Button>
          }
        />
        {s ? (
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" m={0} aria-live="polite">
            <div>
              <Text component="dt" size="sm" c="dimmed">
                Withdrawal
              </Text>
              <Group component="dd" m={0}>
                <Badge variant="light" radius="sm" color={s.isWithdrawalAllowed ? 'green' : 'red'}>
                  {s.isWithdrawalAllowed ? WITHDRAWAL_ACCESS_LABELS.allowed : WITHDRAWAL_ACCESS_LABELS.notAllowed}
                </Badge>
              </Group>
            </div>
            {figures.map((f) => (
              <div key={f.label}>
                <Text component="dt" size="sm" c="dimmed">
                  {f.label}
                </Text>
                <Text component="dd" fw={600} m={0}>
                  {f.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            Fetch shows what the employee can withdraw today, what was withdrawn this month and what is still to be repaid.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
