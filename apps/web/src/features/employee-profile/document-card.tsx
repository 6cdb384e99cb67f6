import { useEffect, useState } from 'react';
import { Button, Card, Center, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PROFILE_DOCUMENT_LABELS, type ProfileDocumentType, type VerificationStatus } from '@portal/domain';
import { StatusBadge, type StatusTone } from '../../shared/ui';
import { profileDocumentQuery } from './api';

const TONE: Record<VerificationStatus, StatusTone> = { VERIFIED: 'success', PENDING: 'pending', INCORRECT: 'reject' };
const FRAME_HEIGHT = 170;

/** An object URL for a Blob, revoked when the Blob changes or the card goes away. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

function Placeholder({ label }: { label: string }) {
  return (
    <Center h={FRAME_HEIGHT} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Stack align="center" gap={6}>
        <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
          <IconPhotoOff size={22} stroke={1.6} />
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          No {label.toLowerCase()} uploaded
        </Text>
      </Stack>
    </Center>
  );
}

export interface DocumentCardProps {
  vendorId: string | null;
  employeeId: string;
  docType: ProfileDocumentType;
  status: VerificationStatus | null;
  workerName: string;
}

/**
 * One document card (spec 2.6): the picture fetched with the bearer token, a PDF as an Open
 * button, and the placeholder when there is none or the picture cannot be shown.
 */
export function DocumentCard({ vendorId, employeeId, docType, status, workerName }: DocumentCardProps) {
  const label = PROFILE_DOCUMENT_LABELS[docType];
  const doc = useQuery(profileDocumentQuery(vendorId, employeeId, docType));
  const url = useObjectUrl(doc.data);
  const [broken, setBroken] = useState(false);

  let body;
  if (doc.isPending) body = <Skeleton h={FRAME_HEIGHT} radius="sm" />;
  else if (!doc.data || !url || broken || doc.isError) body = <Placeholder label={label} />;
  else if (doc.data.type.startsWith('image/')) {
    body = (
      <Center h={FRAME_HEIGHT} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
        <img src={url} alt={`${label} of ${workerName}`} onError={() => setBroken(true)} style={{ maxWidth: '100%', maxHeight: FRAME_HEIGHT, objectFit: 'contain' }} />
      </Center>
    );
  } else {
    body = (
      <Center h={FRAME_HEIGHT} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Stack align="center" gap="xs">
          <ThemeIcon variant="light" color="red" size={44} radius="xl" aria-hidden>
            <IconFileTypePdf size={22} stroke={1.6} />
          </ThemeIcon>
          <Button size="xs" variant="light" component="a" href={url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${label}`}>
            Open
          </Button>
        </Stack>
      </Center>
    );
  }

  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          {status ? <StatusBadge tone={TONE[status]} status={status} size="sm" style={{ flexShrink: 0 }} /> : null}
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
