import type { WorkerSideDeps } from '../shared.js';

export async function markAttendance(deps: WorkerSideDeps, workerId: string, day: string, status: 'PRESENT' | 'ABSENT' | 'HALF_DAY' | 'LEAVE' | 'HOLIDAY'): Promise<void> {
  const { db } = deps;
  await db
    .insertInto('attendance_days')
    .values({ worker_id: workerId, day, status, source_document_id: null })
    .onConflict((oc) => oc.columns(['worker_id', 'day']).doUpdateSet({ status }))
    .execute();
}
