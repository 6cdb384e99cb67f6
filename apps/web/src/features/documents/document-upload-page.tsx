import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconFileUnknown, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_AREA, DOCUMENT_TYPES, PAYROLL_MSG, canAccessArea } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { PageTitle, Unauthorized } from '../../shared/ui';
import { streamingOptInQuery } from './api';
import { STREAMING_NOT_OPTED_IN_TITLE } from './file-checks';
import { UPLOAD_TITLES, hasHistory } from './history-rows';
import { UploadHistory } from './upload-history';
import { Uploader } from './uploader';
import { backLinkOf, parseUploadParams, withPage } from './upload-params';

function UnknownDocument({ text }: { text: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden>
          <IconFileUnknown size={24} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600} role="alert">
          {text ? 'This link names a document type the portal does not know.' : 'This link does not say which document to upload.'}
        </Text>
        <Text size="sm" c="dimmed" maw={520}>
          Open the upload from the Employees, Attendance or Payroll screen. Known types: {DOCUMENT_TYPES.join(', ')}.
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The streaming-account upload opened by an employer that has not opted in (decision 0022, issue
 * 20): said before a file is chosen, with the server's own words, and the normal payroll upload
 * offered with the same month, vendor and returnTo.
 */
function StreamingNotOptedIn({ params }: { params: URLSearchParams }) {
  const next = new URLSearchParams(params);
  next.set('document', 'PAYROLL_UPLOAD');
  next.delete('page');
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="streaming-not-opted-in">
      <Stack gap="md">
        <PageTitle title={<span id="streaming-not-opted-in">{UPLOAD_TITLES.PAYROLL_STREAMING_ACCOUNT}</span>} />
        <Alert color="orange" variant="light" title={STREAMING_NOT_OPTED_IN_TITLE} icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {PAYROLL_MSG.streamingNotOptedIn}
        </Alert>
        <Group>
          <Button component={Link} to={`/documentUpload?${next.toString()}`}>
            Upload as a payroll upload
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The document upload screen (spec 2.8, 4.3, 6): WRITE on the type's area (the vendor resource in
 * vendor context) gives the uploader, READ gives the history of the types that have one, neither
 * gives the unauthorized message.
 */
export function DocumentUploadPage() {
  const [params, setParams] = useSearchParams();
  const p = useMemo(() => parseUploadParams(params), [params]);
  const resources = useQuery(profileQuery()).data?.resources;
  const streaming = p.document === 'PAYROLL_STREAMING_ACCOUNT';
  const optIn = useQuery({ ...streamingOptInQuery(p.vendorId), enabled: streaming });

  if (!p.document) return <UnknownDocument text={p.documentText} />;
  const type = p.document;
  const vendorContext = p.vendorId !== null;
  const canWrite = canAccessArea(resources, DOCUMENT_AREA[type], 'WRITE', vendorContext);
  const showHistory = hasHistory(type) && canAccessArea(resources, DOCUMENT_AREA[type], 'READ', vendorContext);
  if (!canWrite && !showHistory) return <Unauthorized />;
  const back = backLinkOf(type, p.vendorId, p.returnTo);

  return (
    <Stack gap="lg">
      {back ? (
        <Group>
          <Anchor component={Link} to={back.href} size="sm" fw={500}>
            <Group gap={4} component="span" wrap="nowrap">
              <IconArrowLeft size={16} stroke={1.8} aria-hidden />
              {back.label}
            </Group>
          </Anchor>
        </Group>
      ) : null}
      {canWrite && streaming && optIn.isPending ? null : canWrite && streaming && optIn.data?.hasEmployerOptedForStreamingAccount === false ? (
        <StreamingNotOptedIn params={params} />
      ) : canWrite ? (
        <Uploader
          key={type}
          type={type}
          vendorId={p.vendorId}
          returnTo={p.returnTo}
          payrollMonth={p.payrollMonth}
          onUploaded={() => {
            // The new upload heads the history's first page; the shell's outcome notice follows it to its end.
            if (p.page > 1) setParams(withPage(params, 1));
          }}
        />
      ) : (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          You can see the upload history. Uploading needs write access.
        </Alert>
      )}
      {showHistory ? <UploadHistory type={type} vendorId={p.vendorId} page={p.page} onPage={(page) => setParams(withPage(params, page))} marksSeen={!p.returnTo} /> : null}
    </Stack>
  );
}
