import { useWindowEvent } from '@mantine/hooks';

/**
 * Rendered inside an open popover: Escape closes it wherever focus is. Mantine's popover hears Escape
 * only once its focus trap has moved focus in, so an Escape pressed at once after the click (focus
 * still on the button that opened it) would otherwise leave it open.
 */
export function EscapeCloses({ onClose }: { onClose: () => void }) {
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') onClose();
  });
  return null;
}
