import { cloneElement, useEffect, useState, type ReactElement, type ReactNode, type SyntheticEvent } from 'react';
import { Popover, type PopoverProps } from '@mantine/core';
import { useStandIn } from './on-demand';

interface TriggerProps {
  onPointerOver?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
  onBlur?: (event: SyntheticEvent) => void;
  onPointerDown?: (event: SyntheticEvent) => void;
  onClick?: (event: SyntheticEvent) => void;
}

export interface PopoverOnDemandProps extends Omit<PopoverProps, 'opened' | 'onChange' | 'children'> {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /**
   * The button that opens the popover: one element that takes a ref (as Popover.Target wants), whose
   * own click toggles `opened` (a controlled Popover's target does not).
   */
  trigger: ReactElement<TriggerProps>;
  /** The popover's Popover.Dropdown. */
  children: ReactNode;
}

/** The code is the page's own: nothing to fetch. */
const here = () => Promise.resolve();
const always = () => true;
const both =
  <E,>(a: ((e: E) => void) | undefined, b: (e: E) => void) =>
  (e: E) => {
    a?.(e);
    b(e);
  };

/**
 * A popover (the list toolbar's Filter and Columns) whose Mantine Popover is mounted only once the
 * user reaches for its button: the pointer over it, focus, a press (`useStandIn`, as the account
 * menu). Until then the same button stands alone. A mounted Popover keeps its button's element in
 * state set from a ref callback as it mounts (its own and Floating UI's), an update React makes
 * synchronous: it renders again at once and first runs every passive effect of the commit (the
 * queries' subscriptions), all in the commit's task (decision 0041, issue 24). A press on the
 * stand-in opens the popover itself (`onChange(true)`, once the real one is there) and keeps the
 * rest of the press from the real button; the real button takes the focus as it mounts when the
 * stand-in had it or was pressed. A toolbar's panel by default: below its button's right edge, focus
 * kept inside while open and given back on closing.
 */
export function PopoverOnDemand({ opened, onChange, trigger, children, ...popover }: PopoverOnDemandProps) {
  const { live, wake, press } = useStandIn(here, always);
  const [refocus, setRefocus] = useState(false);
  const [pressed, setPressed] = useState(false);
  // Opened once the real popover is there (not as it mounts): it notes the focused element as it
  // opens, to give the focus back when it closes.
  useEffect(() => {
    if (!live || !pressed) return;
    setPressed(false);
    onChange(true);
  }, [live, pressed, onChange]);
  if (live) {
    return (
      <Popover opened={opened} onChange={onChange} position="bottom-end" shadow="md" trapFocus returnFocus withinPortal {...popover}>
        <Popover.Target>{refocus ? cloneElement(trigger, { autoFocus: true } as TriggerProps) : trigger}</Popover.Target>
        {children}
      </Popover>
    );
  }
  const own = trigger.props;
  return cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    'aria-expanded': opened,
    onPointerOver: both(own.onPointerOver, wake),
    onFocus: both(own.onFocus, () => {
      setRefocus(true);
      wake();
    }),
    onBlur: both(own.onBlur, () => setRefocus(false)),
    onPointerDown: both(own.onPointerDown, () => {
      // The press's mouse-down is kept from the page, so the button would not take the focus it
      // gives (and the popover returns focus to) as a press does: the real one takes it as it mounts.
      setRefocus(true);
      setPressed(true);
      press();
    }),
    // A click without a press before it (assistive technology): the button's own toggle, then the popover.
    onClick: both(own.onClick, wake),
  } as TriggerProps);
}
