import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZES, MISSING_WORKERS_MSG, MISSING_WORKERS_PAGE_SIZE, type MissingWorker } from '@portal/domain';
import { ListView, errorMessage, type DataTableColumn, type ListViewState } from '../../shared/ui';
import { missingWorkersQuery } from './api';

export interface MissingWorkersDialogProps {
  opened: boolean;
  onClose: () => void;
  vendorId: string | null;
  payrollId: string;
}

const COLUMNS: DataTableColumn<MissingWorker>[] = [
  { key: 'name', header: 'Name', render: (w) => w.name },
  { key: 'employerEmployeeId', header: 'Employee ID', nowrap: true, render: (w) => w.employerEmployeeId },
  { key: 'mobile', header: 'Mobile Number', nowrap: true, render: (w) => w.mobile || '-' },
];

/**
 * The dialog's page and rows per page. A dialog is no place of its own in the URL (and the
 * Payroll Summary's `page` is its entries'), so the list state lives in the dialog.
 */
function useDialogListState(): ListViewState<never> {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(MISSING_WORKERS_PAGE_SIZE);
  return {
    page,
    pageSize,
    pageSizes: LIST_PAGE_SIZES,
    search: '',
    sort: null,
    filters: [],
    setPage,
    setPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
    setSearch: () => undefined,
    setFilters: () => undefined,
    toggleSort: () => undefined,
  };
}

/** The list, a server page at a time (10 a page unless chosen: an employer of 50,000 is never read whole). */
export default function MissingWorkersDialog({ opened, onClose, vendorId, payrollId }: MissingWorkersDialogProps) {
  const list = useDialogListState();
  const query = useQuery({ ...missingWorkersQuery(vendorId, payrollId, list.page, list.pageSize), enabled: opened });
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
        <ListView<MissingWorker>
          unframed
          label={MISSING_WORKERS_MSG.title}
          state={list}
          columns={COLUMNS}
          rows={data?.workers}
          rowKey={(w) => w._id}
          total={data?.total ?? 0}
          loading={query.isPending}
          fetching={query.isFetching && query.isPlaceholderData}
          error={query.isError ? errorMessage(query.error) : null}
          // Three short columns: they fit the dialog (588 px wide inside) without scrolling sideways.
          minWidth={440}
          tableProps={{ verticalSpacing: 'xs' }}
        />
      </Stack>
    </Modal>
  );
}
