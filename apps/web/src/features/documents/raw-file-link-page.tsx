import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionIcon, Alert, Box, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconBuildingBank, IconCircleCheck, IconFileText, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { DOCUMENT_FORMATS, FILE_UPLOAD_LINK_CODES, FILE_UPLOAD_LINK_MSG, UPLOAD_MSG, formatsText, fileLinkCalls } from '@portal/domain';
import { ApiError, call } from '../../shared/api/client';
import { errorMessage, notify, notifySuccess } from '../../shared/ui';
import { FileDropZone } from './file-drop-zone';
import { acceptOf, checkFile, fileSizeText, refusalTitle } from './file-checks';
import { RawFileSecurity } from './uploader';

const TYPE = 'RAW_FILE' as const;

/** The upload the link's token authorises (decision 0017): the file as multipart, the token in the query. */
function uploadWithToken(token: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(fileLinkCalls.upload, { body: form, query: { token } });
}

/**
 * The File Upload link's page (spec 2.3): opened in its own tab from the portal's menu with a
 * short-lived token, outside the signed-in app. It uploads raw files with the token and shows
 * only what was uploaded here; nothing else of the portal is reachable from it.
 */
export function RawFileLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : FILE_UPLOAD_LINK_MSG.missing);

  const submit = useMutation({
    mutationFn: (chosen: File) => uploadWithToken(token, chosen),
    onSuccess: (record) => {
      setFile(null);
      setUploaded((names) => [record.fileName, ...names]);
      notifySuccess(UPLOAD_MSG.uploaded);
    },
    onError: (error) => {
      const message = errorMessage(error);
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === FILE_UPLOAD_LINK_CODES.invalid) {
        setLinkProblem(message);
        return;
      }
      notify({ type: 'error', title: refusalTitle(code), msg: message, autoClose: false });
    },
  });

  const choose = (chosen: File) => {
    const problem = checkFile(TYPE, chosen);
    if (problem) {
      setFile(null);
      notify({ type: 'error', title: problem.title, msg: problem.message, autoClose: false });
      return;
    }
    setFile(chosen);
  };

  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-gray-0)" py={48} px="md">
      <Paper withBorder radius="md" p="xl" maw={640} mx="auto">
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="md" aria-hidden>
              <IconBuildingBank size={22} stroke={1.8} />
            </ThemeIcon>
            <Stack gap={0}>
              <Title order={1} fz="h3">
                Upload a file
              </Title>
              <Text size="sm" c="dimmed">
                Employer Portal: files sent here are kept with your organisation&apos;s raw files.
              </Text>
            </Stack>
          </Group>

          {linkProblem ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" title="Link not usable">
              {linkProblem}
            </Alert>
          ) : (
            <>
              <RawFileSecurity />
              <FileDropZone accept={acceptOf(TYPE)} describedBy={hintId} disabled={submit.isPending} onFile={choose} />
              <Text id={hintId} size="sm" c="dimmed">
                {UPLOAD_MSG.hint(formatsText(TYPE), DOCUMENT_FORMATS[TYPE].maxMb)}
              </Text>
              {file ? (
                <Paper withBorder p="sm" radius="md" aria-live="polite">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Group gap="sm" wrap="nowrap" miw={0}>
                      <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                        <IconFileText size={20} stroke={1.6} />
                      </ThemeIcon>
                      <Stack gap={0} miw={0}>
                        <Text fw={500} truncate="end" data-testid="chosen-file">
                          {file.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {fileSizeText(file.size)} · Ready to upload
                        </Text>
                      </Stack>
                    </Group>
                    <ActionIcon variant="subtle" color="gray" aria-label="Remove file" onClick={() => setFile(null)} disabled={submit.isPending}>
                      <IconX size={18} stroke={1.8} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Paper>
              ) : null}
              <Group justify="flex-end">
                <Button disabled={!file} loading={submit.isPending} onClick={() => file && submit.mutate(file)}>
                  Submit
                </Button>
              </Group>
            </>
          )}

          {uploaded.length > 0 ? (
            <Stack gap={6} component="section" aria-label="Uploaded from this page">
              <Text fw={600} size="sm">
                Uploaded from this page
              </Text>
              {uploaded.map((name, k) => (
                <Group key={`${k}-${name}`} gap={8} wrap="nowrap">
                  <IconCircleCheck size={16} stroke={1.8} color="var(--mantine-color-teal-7)" aria-hidden />
                  <Text size="sm">{name}</Text>
                </Group>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Paper>
    </Box>
  );
}
