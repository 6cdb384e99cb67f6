import type { ReactNode } from 'react';
import { Alert, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { NoticeTone, StatusNotice } from './model';

const COLOR: Record<NoticeTone, string> = { info: 'blue', progress: 'blue', success: 'green', warning: 'orange', error: 'red' };

function iconOf(tone: NoticeTone) {
  switch (tone) {
    case 'progress':
      return <Loader size={18} aria-hidden />;
    case 'success':
      return <IconCircleCheck size={20} stroke={1.8} aria-hidden />;
    case 'warning':
      return <IconAlertTriangle size={20} stroke={1.8} aria-hidden />;
    case 'error':
      return <IconAlertCircle size={20} stroke={1.8} aria-hidden />;
    default:
      return <IconInfoCircle size={20} stroke={1.8} aria-hidden />;
  }
}

export interface StatusBoxProps {
  /** The box's heading, e.g. "Payroll status for October 2026". */
  heading: string;
  notice: StatusNotice;
  /** Buttons and links of the state. */
  actions?: ReactNode;
  /** Extra lines under the text (e.g. the payroll's figures). */
  children?: ReactNode;
}

/**
 * The status notification box (spec 2.9, 4.4, 8): what the month's payroll is waiting for, in the
 * state texts of 4.4, or the payroll's load error. It is a live region, so a change found by the
 * self-refresh is read out.
 */
export function StatusBox({ heading, notice, actions, children }: StatusBoxProps) {
  const headingId = `payroll-status-${heading.replace(/\W+/g, '-').toLowerCase()}`;
  if (notice.kind === 'loading') {
    return (
      <Alert variant="light" color="gray" aria-labelledby={headingId} role="region">
        <Stack gap="xs">
          <Title order={2} fz="h4" id={headingId}>
            {heading}
          </Title>
          <Skeleton height={16} width="60%" />
        </Stack>
      </Alert>
    );
  }
  const tone = notice.tone;
  return (
    <Alert variant="light" color={COLOR[tone]} icon={iconOf(tone)} role="region" aria-labelledby={headingId} data-testid="payroll-status-box" data-tone={tone}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={headingId}>
          {heading}
        </Title>
        <div role="status" aria-live="polite">
          <Text fw={600} c={tone === 'error' ? 'var(--mantine-color-error)' : undefined} data-testid="payroll-status-text">
            {notice.text}
          </Text>
          {notice.kind === 'status' && notice.detail ? (
            <Text size="sm" mt={4}>
              {notice.detail}
            </Text>
          ) : null}
        </div>
        {children}
        {actions ? (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
