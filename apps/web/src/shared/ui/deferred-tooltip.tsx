import { useCallback, useState, type ComponentType } from 'react';
import type { TooltipProps } from '@mantine/core';
import { onDemand, useIdlePreload } from './on-demand';

/** Mantine's Tooltip: fetched once the page is idle (issue 14). */
let TooltipControl: ComponentType<TooltipProps> | null = null;
const loadTooltip = onDemand(() =>
  import('./tooltip-control').then((m) => {
    TooltipControl = m.default;
    return m;
  }),
);

/**
 * Mantine's Tooltip, whose code is not part of the page's first load: a tooltip shows on hover or
 * focus only, so until its code has arrived (when the page is first idle) the element is shown
 * without it.
 */
export function DeferredTooltip(props: TooltipProps) {
  const [, setLoaded] = useState(TooltipControl !== null);
  useIdlePreload(useCallback(() => loadTooltip().then(() => setLoaded(true)), []));
  if (!TooltipControl) return props.children;
  return <TooltipControl {...props} />;
}
