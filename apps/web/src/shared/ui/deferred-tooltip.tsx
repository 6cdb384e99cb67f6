import { useRef, useState, type ComponentType } from 'react';
import type { TooltipProps } from '@mantine/core';
import { onDemand, useStandIn } from './on-demand';

/** Mantine's Tooltip: fetched once the page is idle (issue 14). */
let TooltipControl: ComponentType<TooltipProps> | null = null;
const loadTooltip = onDemand(() =>
  import('./tooltip-control').then((m) => {
    TooltipControl = m.default;
    return m;
  }),
);
const tooltipReady = () => TooltipControl !== null;

/**
 * Mantine's Tooltip, whose code is not part of the page's first load. A tooltip shows while the
 * pointer is over its element or focus is in it, so nothing of it is mounted until then
 * (`useStandIn`): a page of payroll history does not mount a tooltip a row once it is idle. The
 * element itself is never replaced (a press on it is never lost, its focus stays): the wrapper
 * (`display: contents`, no box of its own) follows the pointer and the focus, and the tooltip is
 * drawn beside the element, pointing at it (Tooltip's `target`).
 */
export function DeferredTooltip({ children, ...props }: TooltipProps) {
  const { live, wake } = useStandIn(loadTooltip, tooltipReady);
  const [shown, setShown] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const target = live ? (wrapper.current?.firstElementChild as HTMLElement | null | undefined) : null;
  return (
    <span
      ref={wrapper}
      style={{ display: 'contents' }}
      onPointerEnter={() => {
        setShown(true);
        wake();
      }}
      onPointerLeave={() => setShown(false)}
      onFocus={() => {
        setShown(true);
        wake();
      }}
      onBlur={(e) => {
        if (!(e.relatedTarget instanceof Node && wrapper.current?.contains(e.relatedTarget))) setShown(false);
      }}
    >
      {children}
      {TooltipControl && target ? <TooltipControl {...props} target={target} opened={shown && !props.disabled} /> : null}
    </span>
  );
}
