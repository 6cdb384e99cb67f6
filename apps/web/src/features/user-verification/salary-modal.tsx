import type { KeyboardEvent } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ApprovalSalaryForm, isAllowedSalaryKey } from '@portal/domain';
import { Form, useSchemaForm, TextField as TextFieldOf } from '../../shared/forms/form';
import type { PendingWorkerApproval } from './api';
import { salaryInputOf } from './format';

const TextField = TextFieldOf<ApprovalSalaryForm>;

export interface SalaryModalProps {
  worker: PendingWorkerApproval;
  pending: boolean;
  onCancel: () => void;
  /** Called with the salary as typed, once it passes every rule of 5.4. */
  onApprove: (monthlySalary: string) => void;
}

/**
 * Modify (spec 2.17, 5.4): the pending worker's monthly salary before approval. Key presses are
 * limited to digits; ApprovalSalaryForm (the server's own check) decides on blur and again on
 * Approve, with the spec's messages; the maximum is not shown.
 */
export function SalaryModal({ worker, pending, onCancel, onApprove }: SalaryModalProps) {
  const form = useSchemaForm(ApprovalSalaryForm, {
    // First on blur, then with every change, so that a fix clears the message.
    mode: 'onTouched',
    defaultValues: { currentMonthlySalary: salaryInputOf(worker.currentMonthlySalary) },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isAllowedSalaryKey(event.key, event.ctrlKey || event.metaKey)) event.preventDefault();
  };
  const onSubmit = ({ currentMonthlySalary }: ApprovalSalaryForm) => onApprove(currentMonthlySalary.trim());

  return (
    <Modal
      opened
      onClose={() => !pending && onCancel()}
      title="Modify monthly salary"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Form form={form} onSubmit={onSubmit}>
        <Stack gap="md">
          <Text size="sm">
            {worker.fullName} ({worker.employersWorkerId})
          </Text>
          <TextField
            name="currentMonthlySalary"
            label="Monthly Salary"
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            leftSection={<Text size="sm" aria-hidden>₹</Text>}
            data-autofocus
            onKeyDown={onKeyDown}
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
      </Form>
    </Modal>
  );
}
