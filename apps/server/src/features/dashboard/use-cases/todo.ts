import { businessDayStart, firstDayOf, payrollMonthOf, todoItems, type TodoResult } from '@portal/domain';
import { cycles, inContext, totalEmployees, type DashboardDeps, type Scope } from '../shared.js';

/** GET /employer-admin/to-do */
export async function todo(deps: DashboardDeps, ctx: Scope): Promise<TodoResult> {
  const { db } = deps;
  const c = await cycles(deps, ctx);
  const since = businessDayStart(c.current.startDate);
  const payrollMonth = firstDayOf(payrollMonthOf(c.today));
  const [attendance, employees, added, payroll, leave] = await Promise.all([
    db
      .selectFrom('document_uploads as d')
      .select('d.id')
      .where(inContext(ctx, 'd'))
      .where('d.doc_type', '=', 'ATTENDANCE_UPLOAD')
      .where('d.status', '=', 'PROCESSED')
      .where('d.created_at', '>=', since)
      .limit(1)
      .executeTakeFirst(),
    totalEmployees(deps, ctx),
    db.selectFrom('workers as w').select('w.id').where(inContext(ctx, 'w')).where('w.created_at', '>=', since).limit(1).executeTakeFirst(),
    ctx.vendorId
      ? Promise.resolve(null)
      : db
          // The month's newest upload (the current payroll): a cancelled one leaves the month to do.
          .selectFrom('payrolls as p')
          .select('p.status')
          .where(inContext(ctx, 'p'))
          .where('p.month', '=', payrollMonth)
          .orderBy('p.created_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(1)
          .executeTakeFirst(),
    c.leaveUploadWanted
      ? db
          .selectFrom('document_uploads as d')
          .select('d.id')
          .where(inContext(ctx, 'd'))
          .where('d.doc_type', '=', 'LEAVE_UPLOAD')
          .where('d.status', '=', 'PROCESSED')
          .where('d.created_at', '>=', since)
          .limit(1)
          .executeTakeFirst()
      : Promise.resolve(null),
  ]);
  const items = todoItems(
    {
      attendanceProcessedThisCycle: Boolean(attendance),
      employeeCount: employees,
      employeesAddedThisCycle: added ? 1 : 0,
      payrollUploaded: ctx.vendorId ? null : Boolean(payroll && payroll.status !== 'CANCELLED'),
      leaveUploadWanted: c.leaveUploadWanted,
      leaveProcessedThisCycle: Boolean(leave),
    },
    ctx.resources,
    ctx.vendorId,
  );
  return { items, attendanceCycleDates: c.current };
}
