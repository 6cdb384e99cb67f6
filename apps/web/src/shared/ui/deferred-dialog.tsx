import { lazy, Suspense, useState, type ComponentType, type JSX } from 'react';
import { onDemand, useIdlePreload } from './on-demand';

/**
 * A dialog whose code (Mantine's Modal and the dialog's content) is not part of the page's first
 * load (issue 14): fetched once the page is idle, mounted the first time `isOpen` holds and kept
 * mounted after (so closing it animates as before).
 */
export function deferredDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, isOpen: (props: P) => boolean): (props: P) => JSX.Element | null {
  const loadOnce = onDemand(load);
  const Dialog = lazy(loadOnce) as unknown as ComponentType<P>;
  return function DeferredDialog(props: P) {
    useIdlePreload(loadOnce);
    const open = isOpen(props);
    const [used, setUsed] = useState(open);
    if (open && !used) setUsed(true);
    if (!used && !open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
