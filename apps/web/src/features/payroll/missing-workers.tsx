import { useState } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MISSING_WORKERS_MSG, MISSING_WORKERS_PAGE_SIZE, type MissingWorker } from '@portal/domain';
import { DataTable, Paginator, errorMessage, type DataTableColumn } from '../../shared/ui';
import { missingWorkersQuery } from './api';

const COLUMNS: DataTableColumn<MissingWorker>[] = [
  { key: 'name', header: 'Name', render: (w) => w.name },
  { key: 'employerEmployeeId', header: 'Employee ID', render: (w) => w.employerEmployeeId },
  { key: 'mobile', header: 'Mobile Number', render: (w) => w.mobile || '-' },
];

/** The list, a server page at a time (10 a page: an employer of 50,000 is never read whole). */
function MissingWorkersDialog({ opened, onClose, vendorId, payrollId }: { opened: boolean; onClose: () => void; vendorId: string | null; payrollId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...missingWorkersQuery(vendorId, payrollId, page), enabled: opened });
  const data = query.data;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={MISSING_WORKERS_MSG.title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {data ? `${MISSING_WORKERS_MSG.count(data.total)} ` : ''}
          {MISSING_WORKERS_MSG.note}
        </Text>
        <DataTable
          label={MISSING_WORKERS_MSG.title}
          columns={COLUMNS}
          rows={data?.workers}
          rowKey={(w) => w._id}
          // Three short columns: they fit the dialog (588 px wide inside) without scrolling sideways.
          minWidth={440}
          loading={query.isPending}
          loadingRows={5}
          error={query.isError ? errorMessage(query.error) : null}
          tableProps={{ verticalSpacing: 'xs' }}
        />
        <Paginator
          page={page}
          onChange={setPage}
          total={data?.total ?? 0}
          pageSize={data?.perPageLimit ?? MISSING_WORKERS_PAGE_SIZE}
          withShowingLabel
          withJump={false}
          label={`${MISSING_WORKERS_MSG.title} pages`}
          disabled={query.isFetching && query.isPlaceholderData}
        />
      </Stack>
    </Modal>
  );
}

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
