import { useId } from 'react';
import { Alert, Button, List, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { BulkOutcome } from './outcome';

export interface BulkOutcomeAlertProps {
  outcome: Exclude<BulkOutcome, { kind: 'success' }>;
  onClose: () => void;
}

/**
 * The result of a bulk action that did not fully succeed (spec 4.6, 8): the full failure with its
 * title and message, or the partial one with the failed names and reasons in a tooltip.
 */
export function BulkOutcomeAlert({ outcome, onClose }: BulkOutcomeAlertProps) {
  const detailsId = useId();
  const failures = outcome.failures;
  const details =
    failures.length > 0 ? (
      <List size="sm" spacing={2} c="inherit">
        {failures.map((f, i) => (
          <List.Item key={i}>
            {f.name}: {f.reason}
          </List.Item>
        ))}
      </List>
    ) : null;
  return (
    <Alert
      color={outcome.kind === 'partial' ? 'orange' : 'red'}
      variant="light"
      icon={outcome.kind === 'partial' ? <IconAlertTriangle size={18} aria-hidden /> : <IconAlertCircle size={18} aria-hidden />}
      title={outcome.kind === 'failure' ? outcome.title : undefined}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role="alert"
    >
      <Text size="sm" component="span" c="var(--mantine-color-text)">
        {outcome.message}
      </Text>
      {outcome.kind === 'partial' && details ? (
        <Tooltip label={details} multiline w={360} withArrow position="bottom-start" events={{ hover: true, focus: true, touch: true }}>
          <Button variant="subtle" size="compact-sm" color="dark" ml="xs" aria-describedby={detailsId} leftSection={<IconInfoCircle size={14} aria-hidden />}>
            Failed employees ({failures.length})
          </Button>
        </Tooltip>
      ) : null}
      {outcome.kind === 'partial' && details ? (
        <VisuallyHidden id={detailsId}>{failures.map((f) => `${f.name}: ${f.reason}`).join('. ')}</VisuallyHidden>
      ) : null}
    </Alert>
  );
}
