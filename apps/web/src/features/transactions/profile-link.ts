/** The Name link of a Transactions row (spec 2.13). Pure. */
/**
 * The Name link of a row (spec 2.13): the employee profile with empId, employerEmployeeId and, in
 * vendor context, vendorId; null for a contractor, who has no profile link.
 */
export function transactionProfileHref(
  row: { workerType: 'EMPLOYEE' | 'CONTRACTOR'; employeeId: string; employeeDataSnapshot: { employerEmployeeId: string } | null },
  vendorId: string | null,
): string | null {
  if (row.workerType !== 'EMPLOYEE' || !row.employeeDataSnapshot) return null;
  const q = new URLSearchParams({ empId: row.employeeId, employerEmployeeId: row.employeeDataSnapshot.employerEmployeeId });
  if (vendorId) q.set('vendorId', vendorId);
  return `${vendorId ? '/vendors/employeeProfile' : '/employeeProfile'}?${q.toString()}`;
}
