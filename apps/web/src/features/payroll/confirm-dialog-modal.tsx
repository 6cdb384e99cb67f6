import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ConfirmDialogProps } from './confirm-dialog';

/** A confirmation before a payroll action (finalize, cancel, execute, re-run); stays open while the call runs. */
export default function ConfirmDialogModal({ opened, title, children, confirmLabel, color, pending, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => !pending && onClose()}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Go back
          </Button>
          <Button color={color} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
