import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarMonth, IconDownload, IconFileSpreadsheet, IconLock, IconShieldCheck, IconUsersGroup, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_FORMATS, UPLOAD_MSG, formatsText, samplePath, sampleKindOf, type DocumentType, type UploadAuditRecord } from '@portal/domain';
import { ApiError } from '../../shared/api/client';
import { payrollKeys } from '../../shared/api/query-keys';
import { PageTitle, errorMessage, notify, notifySuccess, uploadOutcomeKeys } from '../../shared/ui';
import { documentsKeys, isMultipartType, uploadPayroll, uploadSheetOrFile, type PayrollUploadAnswer, type ReadFile } from './api';
import { FileDropZone } from './file-drop-zone';
import { acceptOf, checkFile, fileSizeText, payrollRefusalTitle, refusalTitle } from './file-checks';
import { UPLOAD_TITLES, isPayrollType } from './history-rows';
import { payrollMonthText } from './upload-params';

const DESCRIPTIONS: Record<DocumentType, string> = {
  ADD_EMPLOYEES_BULK_UPLOAD: 'Add or update many employees at once. Every row is checked; rows that fail are listed with their reason in the processed file.',
  TERMINATED_EMPLOYEES_UPLOAD: 'Terminate many employees at once, by Employee ID and termination date.',
  ATTENDANCE_UPLOAD: 'Record attendance for many employees at once: one row per employee and day.',
  PAYROLL_UPLOAD: "Upload the month's payroll sheet.",
  PAYROLL_STREAMING_ACCOUNT: "Upload the month's payroll sheet, paid from your streaming account.",
  RAW_FILE: 'Keep a document for your organisation: pdf, csv, doc, docx, xlsx or xls.',
  LEAVE_UPLOAD:
    'Record leave for many employees at once: one row per leave, with its From and To dates and Leave Type. A row replaces the recorded leave it overlaps; Leave Type "Cancel" removes the recorded leave of exactly those dates.',
};

/** What the screen tells the admin about a raw file's handling: only what the portal does. */
export function RawFileSecurity() {
  const badges = [
    { icon: IconLock, label: 'Encrypted in transit' },
    { icon: IconShieldCheck, label: 'Checked before it is stored' },
    { icon: IconUsersGroup, label: 'Visible only to your organisation' },
  ];
  return (
    <Paper withBorder p="md" bg="var(--mantine-color-gray-0)" component="section" aria-label="How your file is handled">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          {badges.map(({ icon: Icon, label }) => (
            <Badge key={label} variant="light" color="teal" radius="sm" size="lg" leftSection={<Icon size={14} stroke={1.8} aria-hidden />} tt="none" fw={600}>
              {label}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          Your file travels over an encrypted connection (HTTPS). Before it is stored, the portal checks that its content matches its format and
          refuses damaged or unsafe files. Only admins of your organisation with access to raw files can see and download it.
        </Text>
      </Stack>
    </Paper>
  );
}

export interface UploaderProps {
  type: DocumentType;
  vendorId: string | null;
  returnTo: string | null;
  /** yyyy-mm */
  payrollMonth: string | null;
  /** A non-payroll upload the server took, when the screen stays (no returnTo). */
  onUploaded: (record: UploadAuditRecord) => void;
}

type Selection = { state: 'reading'; name: string; size: number } | { state: 'ready'; file: ReadFile; size: number };

/**
 * The upload form (spec 2.8, 4.3, 5.2): chooser and drop zone, sample file, hint, payroll month,
 * raw-file handling text; the file is checked before it is read, Submit waits for the read, and a
 * refusal stays on screen until dismissed.
 */
export function Uploader({ type, vendorId, returnTo, payrollMonth, onUploaded }: UploaderProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hintId = useId();
  const [selection, setSelection] = useState<Selection | null>(null);
  // The latest choice wins if an earlier file is still being read.
  const readTicket = useRef(0);
  const { maxMb } = DOCUMENT_FORMATS[type];
  const sampleKind = sampleKindOf(type);

  const choose = (file: File) => {
    const ticket = ++readTicket.current;
    const problem = checkFile(type, file);
    if (problem) {
      setSelection(null);
      notify({ type: 'error', title: problem.title, msg: problem.message, autoClose: false });
      return;
    }
    setSelection({ state: 'reading', name: file.name, size: file.size });
    file.arrayBuffer().then(
      (buffer) => {
        if (ticket !== readTicket.current) return;
        setSelection({ state: 'ready', size: file.size, file: { name: file.name, mimeType: file.type, bytes: new Uint8Array(buffer) } });
      },
      () => {
        if (ticket !== readTicket.current) return;
        setSelection(null);
        notify({ type: 'error', title: 'File not read', msg: 'The file could not be read. Please choose it again.', autoClose: false });
      },
    );
  };

  const clear = () => {
    readTicket.current += 1;
    setSelection(null);
  };

  const submit = useMutation({
    mutationFn: async (file: ReadFile): Promise<{ kind: 'record'; record: UploadAuditRecord } | { kind: 'payroll'; answer: PayrollUploadAnswer }> => {
      if (isMultipartType(type)) return { kind: 'record', record: await uploadSheetOrFile(type, file, vendorId) };
      // The kind goes with the sheet: a streaming-account sheet stays one (decision 0022).
      return { kind: 'payroll', answer: await uploadPayroll(file, payrollMonth, vendorId, type) };
    },
    onSuccess: (result) => {
      clear();
      notifySuccess(UPLOAD_MSG.uploaded);
      void queryClient.invalidateQueries({ queryKey: documentsKeys.histories() });
      // The shell's outcome notice follows the new upload from now, wherever the admin goes next.
      void queryClient.invalidateQueries({ queryKey: uploadOutcomeKeys.all });
      // A payroll sheet changes the month's payroll: the payroll screen reads it again, whatever it
      // holds in its cache (its details stay fresh 2 s for the route's prefetch, decision 0041).
      if (result.kind === 'payroll') void queryClient.invalidateQueries({ queryKey: payrollKeys.all });
      // 4.3 step 3: a streaming-account sheet still being processed is followed on the payroll screen.
      if (result.kind === 'payroll' && type === 'PAYROLL_STREAMING_ACCOUNT' && result.answer?.status === 'PROCESSING') {
        void navigate(vendorId ? `/payroll?${new URLSearchParams({ vendorId }).toString()}` : '/payroll');
        return;
      }
      if (returnTo) {
        void navigate(returnTo);
        return;
      }
      if (result.kind === 'record') onUploaded(result.record);
    },
    onError: (error) => {
      const message = errorMessage(error);
      const code = error instanceof ApiError ? error.code : undefined;
      const title = isPayrollType(type) ? payrollRefusalTitle(code) : refusalTitle(code);
      notify({ type: 'error', title, msg: message, autoClose: false });
    },
  });

  const ready = selection?.state === 'ready' ? selection.file : null;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={`${hintId}-title`}>
      <Stack gap="md">
        <PageTitle
          title={<span id={`${hintId}-title`}>{UPLOAD_TITLES[type]}</span>}
          description={DESCRIPTIONS[type]}
          actions={
            sampleKind ? (
              <Anchor href={samplePath(sampleKind)} download size="sm" fw={500}>
                <Group gap={6} wrap="nowrap" component="span">
                  <IconDownload size={16} stroke={1.8} aria-hidden />
                  Download sample format
                </Group>
              </Anchor>
            ) : null
          }
        />

        {payrollMonth ? (
          <Group gap={6}>
            <IconCalendarMonth size={18} stroke={1.8} aria-hidden />
            <Text fw={500}>Payroll month: {payrollMonthText(payrollMonth)}</Text>
          </Group>
        ) : null}

        {type === 'RAW_FILE' ? <RawFileSecurity /> : null}

        <FileDropZone accept={acceptOf(type)} describedBy={hintId} disabled={submit.isPending} onFile={choose} />
        <Text id={hintId} size="sm" c="dimmed">
          {UPLOAD_MSG.hint(formatsText(type), maxMb)}
        </Text>

        {selection ? (
          <Paper withBorder p="sm" radius="md" aria-live="polite">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                  <IconFileSpreadsheet size={20} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={0} miw={0}>
                  <Text fw={500} truncate="end" data-testid="chosen-file">
                    {selection.state === 'ready' ? selection.file.name : selection.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {fileSizeText(selection.size)} · {selection.state === 'ready' ? 'Ready to upload' : 'Reading…'}
                  </Text>
                </Stack>
              </Group>
              <ActionIcon variant="subtle" color="gray" aria-label="Remove file" onClick={clear} disabled={submit.isPending}>
                <IconX size={18} stroke={1.8} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        ) : null}

        <Group justify="flex-end">
          <Button disabled={!ready} loading={submit.isPending} onClick={() => ready && submit.mutate(ready)}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
