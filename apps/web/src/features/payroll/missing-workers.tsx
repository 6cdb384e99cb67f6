import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MISSING_WORKERS_MSG } from '@portal/domain';
import { errorMessage } from '../../shared/ui';
import { deferredDialog } from '../../shared/ui/deferred-dialog';
import type { MissingWorkersDialogProps } from './missing-workers-dialog';
import { missingWorkersQuery } from './api';

/** The list of who the sheet leaves out, in a dialog whose code loads on demand (missing-workers-dialog.tsx). */
const MissingWorkersDialog = deferredDialog<MissingWorkersDialogProps>(() => import('./missing-workers-dialog'), (p) => p.opened);

/**
 * Before the freeze (a PROCESSED payroll): how many active employees of the context the sheet
 * leaves out, and a way to see who (name, Employee ID, mobile). Shown, never applied.
 */
export function MissingWorkersNotice({ vendorId, payrollId }: { vendorId: string | null; payrollId: string }) {
  const [opened, setOpened] = useState(false);
  const first = useQuery(missingWorkersQuery(vendorId, payrollId, 1));
  if (first.isError) {
    return (
      <Alert variant="light" color="red" title={MISSING_WORKERS_MSG.title}>
        {errorMessage(first.error)}
      </Alert>
    );
  }
  if (first.isPending) return <Skeleton height={72} radius="sm" />;
  const total = first.data.total;
  if (total === 0) {
    return (
      <Group gap="xs" role="region" aria-label={MISSING_WORKERS_MSG.title} data-testid="missing-workers">
        <IconCircleCheck size={18} stroke={1.8} color="var(--mantine-color-green-7)" aria-hidden />
        <Text size="sm">{MISSING_WORKERS_MSG.none}</Text>
      </Group>
    );
  }
  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconUserQuestion size={18} stroke={1.8} aria-hidden />}
      title={MISSING_WORKERS_MSG.title}
      role="region"
      aria-label={MISSING_WORKERS_MSG.title}
      data-testid="missing-workers"
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
          <Text size="sm" fw={600} data-testid="missing-workers-count">
            {MISSING_WORKERS_MSG.count(total)}
          </Text>
          <Text size="xs">{MISSING_WORKERS_MSG.note}</Text>
        </Stack>
        <Button variant="default" size="xs" onClick={() => setOpened(true)}>
          {MISSING_WORKERS_MSG.view}
        </Button>
      </Group>
      <MissingWorkersDialog opened={opened} onClose={() => setOpened(false)} vendorId={vendorId} payrollId={payrollId} />
    </Alert>
  );
}
