/**
 * TERMINATED_EMPLOYEES_UPLOAD: terminates employees of the context by Employee ID on the sheet's
 * termination date: UPDATED ("Status: Active -> Inactive from dd/mm/yyyy"). An employee already
 * terminated on that date is UNCHANGED (a re-upload).
 */
import { sql } from 'kysely';
import {
  EMPLOYEE_SERVER_MSG,
  SHEET_MSG,
  TERMINATION_SHEET_COLUMNS,
  formatDdMmYyyy,
  parseTerminationRow,
  type TerminationSheetKey,
  type TerminationSheetRow,
} from '@portal/domain';
import { vendorIs } from '../../platform/scope.js';
import { terminateWorkersOn } from '../employees/index.js';
import type { Outcome } from './staging.js';
import { failed, unchanged, updated, type SheetKind } from './sheet-kind.js';

const STATUS_LABEL: Record<string, string> = { ACTIVE: 'Active', IN_PROBATION: 'In probation', INACTIVE: 'Inactive' };

export const terminationSheet: SheetKind<TerminationSheetKey, TerminationSheetRow> = {
  columns: TERMINATION_SHEET_COLUMNS,
  dateColumns: ['terminationDate'],
  parse: parseTerminationRow,
  key: (row) => row.employerEmployeeId.trim().toLowerCase(),
  keyLabel: 'Employee ID',
  keyColumns: ['employerEmployeeId'],

  async apply(run) {
    const { trx, scope } = run;
    for await (const page of run.pages()) {
      const byId = new Map<string, { id: string; joined_at: string | null; employment_status: string; terminated_at: string | null }>();
      const found = await trx
        .selectFrom('workers')
        .select(['id', 'employer_worker_id', 'joined_at', 'employment_status', 'terminated_at'])
        .where('employer_id', '=', scope.employerId)
        .where(vendorIs(scope.vendorId))
        .where(sql<boolean>`lower(employer_worker_id) = any(${page.map((r) => r.value.employerEmployeeId.trim().toLowerCase())}::text[])`)
        .execute();
      for (const w of found) byId.set(w.employer_worker_id.toLowerCase(), w);
      const changes: { id: string; date: string }[] = [];
      const outcomes = page.map(({ value, rowNumber }): Outcome => {
        const w = byId.get(value.employerEmployeeId.trim().toLowerCase());
        if (!w) return failed(rowNumber, EMPLOYEE_SERVER_MSG.unknownEmployeeId, ['employerEmployeeId']);
        if (w.joined_at && value.terminationDate < w.joined_at) return failed(rowNumber, `${SHEET_MSG.beforeJoining} (${formatDdMmYyyy(w.joined_at)})`, ['terminationDate']);
        if (w.employment_status === 'INACTIVE') {
          if (w.terminated_at === value.terminationDate) return unchanged(rowNumber);
          return failed(rowNumber, `${EMPLOYEE_SERVER_MSG.alreadyInactive}${w.terminated_at ? ` (terminated on ${formatDdMmYyyy(w.terminated_at)})` : ''}`, ['employerEmployeeId']);
        }
        changes.push({ id: w.id, date: value.terminationDate });
        return updated(rowNumber, `Status: ${STATUS_LABEL[w.employment_status] ?? w.employment_status} -> Inactive from ${formatDdMmYyyy(value.terminationDate)}`);
      });
      if (changes.length) {
        await terminateWorkersOn(trx, scope.employerId, changes);
      }
      await run.setOutcomes(outcomes);
    }
    return {};
  },
};
