import { Link } from 'react-router';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileDownload, IconFileText, IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZES, PAYROLL_HISTORY_PAGE_SIZE, PAYROLL_MSG, PAYROLL_REPORT_MSG, formatDateTimeIst, type PayrollHistoryRow } from '@portal/domain';
import { ListView, PageTitle, StatusBadge, errorMessage, notifyError, useListState, useOutcomesSeenOnList, type DataTableColumn } from '../../shared/ui';
import { DeferredTooltip } from '../../shared/ui/deferred-tooltip';
import { downloadStoredDocument, payrollHistoryQuery } from './api';
import { dateAndTimeIst, payrollStatusTone } from './model';
import { PayoutReportIcon, usePayoutReportDownload } from './payout-report';

export interface PayrollHistoryProps {
  vendorId: string | null;
  /** The Upload link (WRITE and a month that takes an upload now), or null. */
  uploadHref: string | null;
  /** Why the Upload link is not offered to a writer, e.g. while the sheet is processed. */
  uploadBlockedReason: string | null;
}

const TITLE = 'Payroll Upload History';
/** 5 a page (spec 2.9) unless the admin chooses more; the server takes up to 100. */
const PAGE_SIZES = [PAYROLL_HISTORY_PAGE_SIZE, ...LIST_PAGE_SIZES];

/**
 * The payroll upload history (spec 2.9, 3): 5 a page (or the rows per page chosen), newest first,
 * with the month, who uploaded it, its status (and the failure's reason), the freeze date, and the
 * uploaded and processed sheets through GET /employer-admin/doc; the Upload link in its header.
 * Its page and page size are in the URL (`page`, `pageSize`) beside the Monthly Summary's month.
 */
export function PayrollHistory({ vendorId, uploadHref, uploadBlockedReason }: PayrollHistoryProps) {
  const list = useListState({ pageSizes: PAGE_SIZES, defaultPageSize: PAYROLL_HISTORY_PAGE_SIZE });
  const query = useQuery(payrollHistoryQuery(vendorId, list.page, list.pageSize));
  // A payroll sheet's outcome seen here is seen (decision 0021): its notice follows the admin nowhere else.
  useOutcomesSeenOnList(query.data?.payrolls.map((r) => ({ id: r.documentId, status: r.status === 'UPLOADED' || r.status === 'PROCESSING' ? 'PROCESSING' : r.status })));
  const download = useMutation({
    mutationFn: ({ location, fileName }: { location: string; key: string; fileName?: string }) => downloadStoredDocument(location, vendorId, fileName),
    onError: (error) => notifyError(errorMessage(error), { title: 'Download failed' }),
  });
  const busy = (key: string) => download.isPending && download.variables?.key === key;
  // The payout report of an executed payroll (FINAL_REPORT), built by the server when it is asked for.
  const report = usePayoutReportDownload(vendorId);

  const fileButton = (row: PayrollHistoryRow, which: 'source' | 'processed') => {
    const location = which === 'source' ? row.originalDocumentURL : row.processedDocumentURL;
    const key = `${row._id}:${which}`;
    const label = which === 'source' ? 'Download source file' : 'Download processed file';
    const Icon = which === 'source' ? IconFileText : IconFileDownload;
    return (
      <DeferredTooltip label={location ? label : 'No processed file'}>
        <ActionIcon variant="subtle" size="lg" aria-label={label} disabled={!location} loading={busy(key)} onClick={() => location && download.mutate({ location, key })}>
          <Icon size={20} stroke={1.7} aria-hidden />
        </ActionIcon>
      </DeferredTooltip>
    );
  };

  const columns: DataTableColumn<PayrollHistoryRow>[] = [
    // Related fields share a column (who under when, the file under its month, both sheets in one), so that
    // every column fits a 1366 px laptop screen without scrolling sideways.
    {
      key: 'uploadedAt',
      header: 'Upload date & time',
      subHeader: 'Uploaded by',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTimeIst(r.uploadedAt)}
          </Text>
          <Text size="xs" c="dimmed">
            {r.uploadedBy}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'month',
      header: 'Payroll month',
      subHeader: 'File Name',
      render: (r) => (
        <Stack gap={0} maw={200}>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {r.month.label}
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {r.fileName}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 240,
      render: (r) => (
        <Stack gap={2} align="flex-start" miw={210} maw={280}>
          {r.supersededAt ? (
            <>
              <StatusBadge tone="info" status={PAYROLL_MSG.superseded} style={{ flex: 'none' }} />
              <Text size="xs" c="dimmed">
                {PAYROLL_MSG.supersededBy(formatDateTimeIst(r.supersededAt))}
              </Text>
            </>
          ) : (
            <StatusBadge tone={payrollStatusTone(r.status)} status={r.status} style={{ flex: 'none' }} />
          )}
          {r.status === 'CANCELLED' && r.cancelledAt ? (
            <Text size="xs" c="dimmed">
              Cancelled on {dateAndTimeIst(r.cancelledAt).date}
            </Text>
          ) : null}
          {r.failureReason && !r.supersededAt ? (
            <Text size="xs" c="var(--mantine-color-error)" lineClamp={3} title={r.failureReason}>
              {r.failureReason}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'freezedDate', header: 'Finalized on', render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{dateAndTimeIst(r.freezedDate).date || '-'}</span> },
    {
      key: 'files',
      header: 'Sheets',
      subHeader: 'Source · Processed',
      align: 'center',
      render: (r) => (
        <Group gap={4} justify="center" wrap="nowrap">
          {fileButton(r, 'source')}
          {fileButton(r, 'processed')}
        </Group>
      ),
    },
    {
      key: 'report',
      header: PAYROLL_REPORT_MSG.column,
      align: 'center',
      width: 96,
      render: (r) =>
        r.finalReport ? (
          <PayoutReportIcon location={r.finalReport} monthLabel={r.month.label} loading={report.isPending && report.variables === r.finalReport} onDownload={(location) => report.mutate(location)} />
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Paper withBorder component="section" aria-label={TITLE}>
      <Group p="md" pb={0} justify="space-between" align="flex-end" wrap="wrap">
        <PageTitle title={TITLE} />
        {uploadHref ? (
          <Button component={Link} to={uploadHref} leftSection={<IconFileUpload size={16} stroke={1.8} aria-hidden />}>
            {PAYROLL_MSG.uploadPayroll}
          </Button>
        ) : uploadBlockedReason ? (
          <Text size="sm" c="dimmed" maw={420}>
            {uploadBlockedReason}
          </Text>
        ) : null}
      </Group>
      <ListView<PayrollHistoryRow>
        unframed
        label={TITLE}
        state={list}
        columns={columns}
        rows={query.data?.payrolls}
        rowKey={(r) => r._id}
        total={query.data?.total ?? 0}
        loading={query.isPending}
        fetching={query.isFetching && query.isPlaceholderData}
        error={query.isError ? errorMessage(query.error) : null}
        refetch={query.refetch}
        minWidth={900}
        tableProps={{ horizontalSpacing: 'sm' }}
      />
    </Paper>
  );
}
