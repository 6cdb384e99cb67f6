import { Link } from 'react-router';
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileDownload, IconFileText, IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { PAYROLL_HISTORY_PAGE_SIZE, PAYROLL_MSG, PAYROLL_REPORT_MSG, formatDateTimeIst, type PayrollHistoryRow } from '@portal/domain';
import { DataTable, PageTitle, Paginator, StatusBadge, errorMessage, notifyError, type DataTableColumn } from '../../shared/ui';
import { downloadStoredDocument, payrollHistoryQuery } from './api';
import { dateAndTimeIst, payrollStatusTone } from './model';
import { PayoutReportIcon, usePayoutReportDownload } from './payout-report';

export interface PayrollHistoryProps {
  vendorId: string | null;
  page: number;
  onPage: (page: number) => void;
  /** The Upload link (WRITE and a month that takes an upload now), or null. */
  uploadHref: string | null;
  /** Why the Upload link is not offered to a writer, e.g. while the sheet is processed. */
  uploadBlockedReason: string | null;
}

const TITLE = 'Payroll Upload History';

/**
 * The payroll upload history (spec 2.9, 3): 5 a page, newest first, with the month, who uploaded
 * it, its status (and the failure's reason), the freeze date, and the uploaded and processed
 * sheets through GET /employer-admin/doc; the Upload link in its header.
 */
export function PayrollHistory({ vendorId, page, onPage, uploadHref, uploadBlockedReason }: PayrollHistoryProps) {
  const query = useQuery(payrollHistoryQuery(vendorId, page));
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
      <Tooltip label={location ? label : 'No processed file'}>
        <ActionIcon variant="subtle" size="lg" aria-label={label} disabled={!location} loading={busy(key)} onClick={() => location && download.mutate({ location, key })}>
          <Icon size={20} stroke={1.7} aria-hidden />
        </ActionIcon>
      </Tooltip>
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
      <Stack gap={0}>
        <Group p="md" justify="space-between" align="flex-end" wrap="wrap">
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
        <DataTable
          label={TITLE}
          columns={columns}
          rows={query.data?.payrolls}
          rowKey={(r) => r._id}
          minWidth={900}
          tableProps={{ horizontalSpacing: 'sm' }}
          loading={query.isPending}
          loadingRows={PAYROLL_HISTORY_PAGE_SIZE}
          error={query.isError ? errorMessage(query.error) : null}
        />
        <Stack p="md">
          <Paginator
            page={page}
            onChange={onPage}
            total={query.data?.total ?? 0}
            pageSize={PAYROLL_HISTORY_PAGE_SIZE}
            withShowingLabel
            label={`${TITLE} pages`}
            disabled={query.isFetching && query.isPlaceholderData}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}
