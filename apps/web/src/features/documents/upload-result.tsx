import { useEffect, useRef } from 'react';
import { Alert, Button, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UploadAuditRecord } from '@portal/domain';
import { StatusBadge, notifyApiError, uploadStatusTone } from '../../shared/ui';
import { documentsKeys, downloadDocument, uploadRecordQuery } from './api';
import { countsText, docRefOf } from './history-rows';

export interface UploadResultProps {
  upload: UploadAuditRecord;
  vendorId: string | null;
  /** Saves the processed file under this name instead of the server's (attendance_{id}.xlsx). */
  processedFileName?: (documentId: string) => string;
  onDismiss: () => void;
}

/**
 * The outcome of the upload just made (spec 4.3). Sheets are processed in the background, so the
 * panel follows the upload until it ends and then offers its processed file, rather than
 * downloading a file at submit time as a synchronous server would.
 */
export function UploadResult({ upload, vendorId, processedFileName, onDismiss }: UploadResultProps) {
  const queryClient = useQueryClient();
  const record = useQuery(uploadRecordQuery(upload, vendorId)).data ?? upload;
  const processed = docRefOf(record.processedDocumentURL);

  // When processing ends, the history rows change too.
  const lastStatus = useRef(record.status);
  useEffect(() => {
    if (lastStatus.current === 'PROCESSING' && record.status !== 'PROCESSING') void queryClient.invalidateQueries({ queryKey: documentsKeys.histories() });
    lastStatus.current = record.status;
  }, [record.status, queryClient]);

  const download = useMutation({
    mutationFn: () => downloadDocument(processed!, vendorId, processedFileName?.(processed!.documentId)),
    onError: (error) => notifyApiError(error),
  });

  return (
    <Paper withBorder p="lg" component="section" aria-label="Upload result">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Text fw={600}>Last upload</Text>
            <Text size="sm" c="dimmed" truncate="end">
              {record.fileName}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <StatusBadge tone={uploadStatusTone(record.status)} status={record.status} />
            <CloseButton aria-label="Dismiss upload result" onClick={onDismiss} />
          </Group>
        </Group>

        <div aria-live="polite">
          {record.status === 'PROCESSING' ? (
            <Group gap="sm">
              <Loader size="sm" aria-hidden />
              <Text size="sm">Processing the file. This panel updates by itself.</Text>
            </Group>
          ) : record.status === 'FAILED' ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="Processing failed">
              {record.failureReason || 'The file could not be processed.'}
            </Alert>
          ) : (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Processed">
              {record.counts ? countsText(record.counts) : 'The file has been stored.'}
              {record.counts && record.counts.failedRows > 0 ? '. The processed file gives the reason for each failed row.' : null}
            </Alert>
          )}
        </div>

        {processed ? (
          <Group>
            <Button variant="light" leftSection={<IconDownload size={16} stroke={1.8} aria-hidden />} loading={download.isPending} onClick={() => download.mutate()}>
              Download processed file
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
