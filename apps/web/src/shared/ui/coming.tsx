import { Loader } from '@mantine/core';
import classes from './coming.module.css';

/**
 * What an on-demand part (a drawer, a dialog) shows the moment it is asked for while its code is
 * still on the way: never a dead click (issue 24 item 6). The fallback of every such Suspense.
 */
export function Coming({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={classes.coming} role="status">
      <Loader size="xs" aria-hidden />
      <span>{label}…</span>
    </div>
  );
}
