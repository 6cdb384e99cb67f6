import { useState, type KeyboardEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { isAllowedSalaryKey, validateApprovalSalary } from '@portal/domain';
import type { PendingWorkerApproval } from './api';
import { salaryInputOf } from './format';

export interface SalaryModalProps {
  worker: PendingWorkerApproval;
  pending: boolean;
  onCancel: () => void;
  /** Called with the salary as typed, once it passes every rule of 5.4. */
  onApprove: (monthlySalary: string) => void;
}

/**
 * Modify (spec 2.17, 5.4): the pending worker's monthly salary before approval. Key presses are
 * limited to digits, the value is checked on blur (and again on Approve) with the spec's messages;
 * the maximum is not shown.
 */
export function SalaryModal({ worker, pending, onCancel, onApprove }: SalaryModalProps) {
  const [value, setValue] = useState(() => salaryInputOf(worker.currentMonthlySalary));
  const [error, setError] = useState<string | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isAllowedSalaryKey(event.key, event.ctrlKey || event.metaKey)) event.preventDefault();
  };
  const submit = () => {
    const problem = validateApprovalSalary(value);
    setError(problem);
    if (!problem) onApprove(value.trim());
  };

  return (
    <Modal
      opened
      onClose={() => !pending && onCancel()}
      title="Modify monthly salary"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {worker.fullName} ({worker.employersWorkerId})
          </Text>
          <TextInput
            label="Monthly Salary"
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            leftSection={<Text size="sm" aria-hidden>₹</Text>}
            value={value}
            error={error}
            data-autofocus
            onKeyDown={onKeyDown}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setValue(next);
              // Once a message shows, it follows the value so that a fix clears it.
              if (error) setError(validateApprovalSalary(next));
            }}
            onBlur={() => setError(validateApprovalSalary(value))}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" color="green" loading={pending}>
              Approve
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
