import { IconCheck, IconEdit, IconX } from '@tabler/icons-react';
import { Text } from '@mantine/core';
import { APPROVAL_MSG } from '@portal/domain';
import { DecisionPage, decisionList } from '../../shared/ui/decision-page';
import { approvalKeys, decideWorker, pendingWorkersQuery, type DecisionInput } from './api';
import { NA, salaryText, tableDate } from './format';
import { SalaryModal } from './salary-modal';

const USER_VERIFICATION = decisionList({
  area: 'EMPLOYEES',
  title: 'Pending workers',
  description: 'Workers who signed up and wait for your approval before they can withdraw.',
  label: 'Pending workers',
  listQuery: pendingWorkersQuery,
  listsKey: approvalKeys.pendingLists(),
  rowKey: (w) => w.employeeId,
  nameOf: (w) => w.fullName,
  columns: () => [
    { key: 'fullName', header: 'Full Name', render: (w) => <Text span size="sm" fw={500}>{w.fullName}</Text> },
    { key: 'employersWorkerId', header: 'Employee ID', nowrap: true, render: (w) => w.employersWorkerId || NA },
    { key: 'currentMonthlySalary', header: 'Monthly Salary', align: 'right', render: (w) => salaryText(w.currentMonthlySalary) },
    { key: 'dateRequested', header: 'Date Requested', render: (w) => tableDate(w.dateRequested) },
    { key: 'joinedAt', header: 'Joining Date', render: (w) => tableDate(w.joinedAt) },
  ],
  actions: [
    {
      label: 'Accept',
      color: 'green',
      icon: <IconCheck size={14} stroke={2} aria-hidden />,
      then: 'decide',
      input: (worker): DecisionInput => ({ worker, status: 'APPROVED' }),
      // Accept alone shows as busy: Modify's approval runs in its own dialog.
      isThis: (pending, w) => pending.worker.employeeId === w.employeeId && pending.status === 'APPROVED' && pending.monthlySalary === undefined,
    },
    {
      label: 'Modify',
      variant: 'default',
      icon: <IconEdit size={14} stroke={1.8} aria-hidden />,
      then: 'dialog',
      dialog: (worker, { pending, close, decide }) => (
        <SalaryModal worker={worker} pending={pending} onCancel={close} onApprove={(monthlySalary) => decide({ worker, status: 'APPROVED', monthlySalary })} />
      ),
    },
    {
      label: 'Reject',
      variant: 'subtle',
      color: 'red',
      icon: <IconX size={14} stroke={2} aria-hidden />,
      then: 'confirm',
      input: (worker): DecisionInput => ({ worker, status: 'REJECTED' }),
      confirm: (w) => ({
        title: 'Reject worker',
        text: `Reject ${w.fullName} (${w.employersWorkerId})? They will not be able to withdraw.`,
        button: 'Reject',
        color: 'red',
      }),
    },
  ],
  decide: decideWorker,
  done: (result) => (result.status === 'APPROVED' ? APPROVAL_MSG.approved(result.fullName) : APPROVAL_MSG.rejected),
});

/**
 * User Verification (spec 2.17, 4.7, 5.4, 8): the workers waiting for approval, with a search
 * (500 ms debounce, kept in the URL), and per row Accept, Modify (monthly salary, then approve) and
 * Reject (after a confirmation) for admins with WRITE on employees. "{name} approved!" /
 * "rejected!" on success; a failure opens a dialog with the server's message. Only when the
 * employer config enables approval (spec 2.2, 6). The decision page (`DecisionPage`) with User
 * Verification's configuration.
 */
export function UserVerificationPage() {
  return <DecisionPage config={USER_VERIFICATION} />;
}
