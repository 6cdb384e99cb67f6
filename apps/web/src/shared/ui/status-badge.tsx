import { Badge, type BadgeProps } from '@mantine/core';
import { statusLabel, type StatusTone } from './status-tone';

const TONE_COLOR: Record<StatusTone, string> = { pending: 'orange', success: 'green', reject: 'red', info: 'blue' };

export interface StatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  tone: StatusTone;
  /** The stored status; shown with underscores as spaces unless `label` is given. */
  status?: string | null;
  label?: string;
}

/** A status pill in one of the four tones of the spec (pending, success, reject, info). */
export function StatusBadge({ tone, status, label, variant = 'light', radius = 'sm', ...rest }: StatusBadgeProps) {
  return (
    <Badge color={TONE_COLOR[tone]} variant={variant} radius={radius} {...rest}>
      {label ?? statusLabel(status)}
    </Badge>
  );
}
