import { lazy, Suspense, useState, type ReactNode } from 'react';
import { onDemand, useIdlePreload } from '../../shared/ui/on-demand';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's colour: red for cancelling a payroll, the primary colour otherwise. */
  color?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The dialog's code (Mantine's Modal): fetched once the page is idle, mounted when first opened (issue 14). */
const loadModal = onDemand(() => import('./confirm-dialog-modal'));
const ConfirmDialogModal = lazy(loadModal);

/** A confirmation before a payroll action (finalize, cancel, execute, re-run); stays open while the call runs. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  useIdlePreload(loadModal);
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogModal {...props} />
    </Suspense>
  );
}
