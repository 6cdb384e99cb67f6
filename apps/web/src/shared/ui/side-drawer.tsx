import { useState, type ReactNode } from 'react';
import { Button, Drawer, Group, Modal, Text } from '@mantine/core';
import { DRAWER_WIDTH_PX } from '@portal/domain';

export interface SideDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Shown as the drawer's heading (h2) and its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Keep the drawer open on Escape and outside clicks (e.g. while a form is submitting). */
  locked?: boolean;
  /**
   * What was typed is not saved yet: Escape, an outside click or the close button ask before it is
   * thrown away (issue 24 item 2). The form's own Cancel button closes without asking.
   */
  unsaved?: boolean;
}

/**
 * The 800px side drawer from the right (spec 2.5, 9), e.g. for the Add Employee form; the whole
 * screen on a phone (app/phone.css). Focus goes to the element marked data-autofocus when it opens
 * (Mantine's focus trap) and back to what opened it when it closes.
 */
export function SideDrawer({ opened, onClose, title, children, locked = false, unsaved = false }: SideDrawerProps) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (unsaved) setAsking(true);
    else onClose();
  };
  return (
    <>
      <Drawer
        opened={opened}
        onClose={requestClose}
        title={title}
        position="right"
        size={DRAWER_WIDTH_PX}
        padding="lg"
        closeOnEscape={!locked && !asking}
        closeOnClickOutside={!locked}
        withCloseButton={!locked}
        closeButtonProps={{ 'aria-label': 'Close' }}
        styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600 } }}
      >
        {children}
      </Drawer>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Discard unsaved changes?" size="sm" zIndex={300} closeButtonProps={{ 'aria-label': 'Close' }}>
        <Text size="sm">What you typed in this form has not been saved.</Text>
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
            Keep editing
          </Button>
          <Button
            color="red"
            onClick={() => {
              setAsking(false);
              onClose();
            }}
          >
            Discard
          </Button>
        </Group>
      </Modal>
    </>
  );
}
