import { describe, expect, it } from 'vitest';
import { bulkErrorOutcome, bulkOutcome } from './outcome';

const targets = [
  { _id: 'id-1', employerEmployeeId: 'E1', fullName: 'Asha' },
  { _id: 'id-2', employerEmployeeId: 'E2', fullName: 'Ravi' },
  { _id: 'id-3', employerEmployeeId: 'E3', fullName: 'Meena' },
];

describe('bulk action outcome', () => {
  it('is a success when every employee succeeded', () => {
    const ok = targets.map((t) => ({ employeeId: t.employerEmployeeId, status: 'SUCCESS' as const }));
    expect(bulkOutcome('terminate', targets, ok)).toEqual({ kind: 'success', message: '3 employee(s) terminated successfully' });
  });

  it('is a full failure with the spec title and the reasons', () => {
    const failed = targets.map((t) => ({ employeeId: t.employerEmployeeId, status: 'FAILED' as const, reason: 'Already inactive' }));
    const out = bulkOutcome('terminate', targets, failed);
    expect(out).toMatchObject({ kind: 'failure', title: 'Termination Failed', message: 'Already inactive' });
    expect(bulkOutcome('activate', targets, [])).toMatchObject({ kind: 'failure', title: 'Activation Failed' });
    expect(bulkErrorOutcome('activate', 'Not allowed')).toEqual({ kind: 'failure', title: 'Activation Failed', message: 'Not allowed', failures: [] });
  });

  it('is partial with "Only N employes(s) got terminated out of M" and the failed names and reasons', () => {
    const out = bulkOutcome('terminate', targets, [
      { employeeId: 'E1', status: 'SUCCESS' },
      { employeeId: 'E2', status: 'FAILED', reason: 'Pending advance' },
      { employeeId: 'id-3', status: 'FAILED' },
    ]);
    expect(out).toEqual({
      kind: 'partial',
      message: 'Only 1 employes(s) got terminated out of 3',
      failures: [
        { name: 'Ravi (E2)', reason: 'Pending advance' },
        { name: 'Meena (E3)', reason: 'Something Went Wrong!' },
      ],
    });
    expect(bulkOutcome('activate', targets.slice(0, 2), [{ employeeId: 'E1', status: 'SUCCESS' }])).toMatchObject({
      kind: 'partial',
      message: 'Only 1 employes(s) got activated out of 2',
    });
  });
});
