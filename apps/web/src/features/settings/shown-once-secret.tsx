import type { ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * A secret the server answers once (an API key, a webhook signing secret): the warning, what it is
 * for, the secret itself with a copy button. Closing it is the last time anyone sees the secret, so
 * a click outside does not close it.
 */
export function ShownOnceSecret(props: { title: string; warning: ReactNode; secret: string; testId: string; copyLabel: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered size="lg" closeOnClickOutside={false} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {props.warning}
        </Alert>
        {props.children}
        <Code block data-testid={props.testId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {props.secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={props.secret}>{({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Copied' : props.copyLabel}</Button>}</CopyButton>
          <Button onClick={props.onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
