import { ActionIcon, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileDownload, IconFileText } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { UPLOAD_HISTORY_PAGE_SIZE, formatDateTimeIst, type DocumentType } from '@portal/domain';
import { ListView, PageTitle, UploadStatusBadge, errorMessage, notifyApiError, useOutcomesSeenOnList, type DataTableColumn, type ListViewState } from '../../shared/ui';
import { downloadDocument, rawFilesQuery, uploadHistoryQuery } from './api';
import { HISTORY_TITLES, auditHistoryRow, rawFileHistoryRow, statusDetail, type DocRef, type HistoryRow } from './history-rows';

export interface UploadHistoryProps {
  type: DocumentType;
  vendorId: string | null;
  page: number;
  onPage: (page: number) => void;
  /**
   * Whether an outcome shown here counts as seen. Not when the admin came with a `returnTo`: the
   * upload sends them on at once, and its notice is to greet them there, however fast the sheet ends.
   */
  marksSeen: boolean;
}

function useHistory(type: DocumentType, vendorId: string | null, page: number) {
  const raw = type === 'RAW_FILE';
  const audit = useQuery({ ...uploadHistoryQuery(type, vendorId, page), enabled: !raw });
  const files = useQuery({ ...rawFilesQuery(page), enabled: raw });
  if (raw) return { query: files, rows: files.data?.files.map(rawFileHistoryRow), total: files.data?.total ?? 0 };
  return { query: audit, rows: audit.data?.auditLogs.map(auditHistoryRow), total: audit.data?.total ?? 0 };
}

/** A status badge with, under it, why the upload failed or what it did (2.8; a failed upload says why). */
export function StatusCell({ row }: { row: Pick<HistoryRow, 'status' | 'counts' | 'failureReason'> }) {
  const detail = statusDetail(row);
  return (
    <Stack gap={2} align="flex-start" maw={320}>
      <UploadStatusBadge status={row.status} counts={row.counts} />
      {detail ? (
        <Text size="xs" c={row.status === 'FAILED' ? 'var(--mantine-color-error)' : 'dimmed'} lineClamp={3} title={detail}>
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The upload history of Bulk Employee Upload, Bulk Termination and raw files (spec 2.8): newest
 * first, 5 a page, Refresh, the source and processed files; it refreshes itself while a row on
 * screen is still being processed.
 */
export function UploadHistory({ type, vendorId, page, onPage, marksSeen }: UploadHistoryProps) {
  const raw = type === 'RAW_FILE';
  const { query, rows, total } = useHistory(type, vendorId, page);
  // An outcome shown here (the upload's own page) no longer follows the admin as a notice (issue 20).
  useOutcomesSeenOnList(raw || !marksSeen ? undefined : rows);
  // Only a press of Refresh spins the button, not the self-refresh while rows are processing.
  const download = useMutation({
    mutationFn: ({ ref }: { ref: DocRef; key: string }) => downloadDocument(ref, vendorId),
    onError: (error) => notifyApiError(error),
  });
  const busy = (key: string) => download.isPending && download.variables?.key === key;

  const fileButton = (row: HistoryRow, which: 'source' | 'processed') => {
    const ref = row[which];
    const key = `${row.id}:${which}`;
    const label = which === 'source' ? 'Download source file' : 'Download processed file';
    const Icon = which === 'source' ? IconFileText : IconFileDownload;
    return (
      <Tooltip label={ref ? label : 'No processed file'}>
        <ActionIcon variant="subtle" size="lg" aria-label={label} disabled={!ref} loading={busy(key)} onClick={() => ref && download.mutate({ ref, key })}>
          <Icon size={20} stroke={1.7} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  };

  const columns: DataTableColumn<HistoryRow>[] = [
    { key: 'uploadedAt', header: 'Upload date & time', render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeIst(row.uploadedAt)}</span> },
    ...(raw ? [{ key: 'fileName', header: 'File Name', render: (row: HistoryRow) => <Text size="sm" style={{ wordBreak: 'break-word' }}>{row.fileName}</Text> }] : []),
    { key: 'uploadedBy', header: 'Uploaded by', render: (row) => row.uploadedBy },
    { key: 'status', header: 'Status', render: (row) => <StatusCell row={row} /> },
    { key: 'source', header: 'Source File', align: 'center', width: 110, render: (row) => fileButton(row, 'source') },
    // Raw files are stored as they are: they have no processed file.
    ...(raw ? [] : [{ key: 'processed', header: 'Processed File', align: 'center' as const, width: 130, render: (row: HistoryRow) => fileButton(row, 'processed') }]),
  ];

  const title = HISTORY_TITLES[type] ?? 'Upload History';
  // The page belongs to the upload page's URL (its own parameters); the list has no other state.
  const state: ListViewState<never> = {
    page,
    pageSize: UPLOAD_HISTORY_PAGE_SIZE,
    pageSizes: [UPLOAD_HISTORY_PAGE_SIZE],
    search: '',
    sort: null,
    filters: [],
    setPage: onPage,
    setPageSize: () => undefined,
    setSearch: () => undefined,
    setFilters: () => undefined,
    toggleSort: () => undefined,
  };
  return (
    <section aria-label={title}>
      <ListView<HistoryRow>
        label={title}
        state={state}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        total={total}
        loading={query.isPending}
        fetching={query.isFetching && query.isPlaceholderData}
        error={query.isError ? errorMessage(query.error) : null}
        refetch={query.refetch}
        pageSizeSelect={false}
        toolbarStart={<PageTitle title={title} />}
        minWidth={raw ? 820 : 760}
      />
    </section>
  );
}
