import { Loader } from '@mantine/core';

/**
 * What an on-demand part (a drawer, a dialog) shows the moment it is asked for while its code is
 * still on the way: never a dead click (issue 24 item 6). The fallback of every such Suspense.
 * Inline styles and the Loader every page already has: no bytes of its own to wait for.
 */
export function Coming({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      style={{
        position: 'fixed',
        zIndex: 400,
        top: 72,
        left: '50%',
        transform: 'translateX(-50%)',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '6px 16px',
        borderRadius: 32,
        background: 'var(--mantine-color-body)',
        boxShadow: 'var(--mantine-shadow-md)',
        fontSize: 'var(--mantine-font-size-sm)',
      }}
    >
      <Loader size="xs" aria-hidden />
      {label}…
    </div>
  );
}
