import type { ReactNode } from 'react';
import { Drawer } from '@mantine/core';
import { DRAWER_WIDTH_PX } from '@portal/domain';

export interface SideDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Shown as the drawer's heading (h2) and its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Keep the drawer open on Escape and outside clicks (e.g. while a form is submitting). */
  locked?: boolean;
}

/** The 800px side drawer from the right (spec 2.5, 9), e.g. for the Add Employee form. */
export function SideDrawer({ opened, onClose, title, children, locked = false }: SideDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="right"
      size={DRAWER_WIDTH_PX}
      padding="lg"
      closeOnEscape={!locked}
      closeOnClickOutside={!locked}
      withCloseButton={!locked}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600 } }}
    >
      {children}
    </Drawer>
  );
}
