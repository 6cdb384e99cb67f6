/**
 * The sheet-processing queue (decision 0019), on real PostgreSQL with the real queue and sheets:
 * fairness (another employer's one-row sheet passes one employer's backlog, which runs one at a
 * time in upload order), recovery (a worker process killed with SIGKILL in the middle of a large
 * sheet: another worker takes the sheet up again within a minute and processes it once), and a
 * payroll whose job failed for good (upload FAILED, payroll PAYROLL_PROCESSING_FAILED, the month
 * open to a re-upload, the employer's later sheets not held back).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_MSG, BUSINESS_TIME_ZONE, isoDateInZone, monthLabel, payrollMonthOf } from '@portal/domain';
import { repoRoot } from '../src/config.js';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { DOCUMENT_DEAD_QUEUE, DOCUMENT_QUEUE, JOB_MSG } from '../src/features/documents/sheet-queue.js';
import { processSheet } from '../src/sheets.js';
import { createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';
import { insertWorker, uniqueTag } from './workers-fixtures.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- helpers ----

const EMP_HEADER = ['Employee ID', 'Full Name', 'Email', 'Mobile', 'Monthly Salary', 'Joining Date'];

/** Mobiles distinct within the run (random ones collide at 50,000 rows, and a repeated mobile is refused). */
let nextMobile = 700_000_000 + Math.floor(Math.random() * 100_000_000);
const distinctMobile = () => `9${String(nextMobile++).padStart(9, '0')}`;

/** An employee sheet of `rows` valid, distinct rows, written with exceljs's streaming writer. */
async function employeeSheet(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(EMP_HEADER).commit();
  const tag = uniqueTag();
  for (let i = 0; i < rows; i++) {
    ws.addRow([`K${tag}-${i}`, 'Meena Kumari', `k${tag}.${i}@example.com`, distinctMobile(), 30000 + (i % 1000), new Date(Date.UTC(2025, 3, 1))]).commit();
  }
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

async function uploadEmployees(env: TestEnv, token: string, file: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'employees.xlsx');
  const res = await fetch(`${env.baseUrl}/api/v2/employer-admin/upload-employee-doc`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { _id: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body._id;
}

const uploadRow = (env: TestEnv, id: string) => env.deps.db.selectFrom('document_uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Waits until every upload has left PROCESSING (at most `seconds`). */
async function settle(env: TestEnv, ids: string[], seconds: number) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const rows = await Promise.all(ids.map((id) => uploadRow(env, id)));
    if (rows.every((r) => r.status !== 'PROCESSING')) return rows;
    if (Date.now() > until) throw new Error(`still processing after ${seconds} s: ${rows.filter((r) => r.status === 'PROCESSING').map((r) => r.id).join(', ')}`);
    await sleep(200);
  }
}

/** The upload's job in the sheet queue (the newest attempt's row). */
async function jobOf(env: TestEnv, uploadId: string) {
  const jobs = await env.deps.queue!.findJobs<{ uploadId: string }>(DOCUMENT_QUEUE, { data: { uploadId } });
  expect(jobs.length).toBeLessThanOrEqual(1);
  return jobs[0] ?? null;
}

/** `main.ts --role=worker` as its own node process (tsx loaded in it, so its pid is the worker's). */
function startWorker(databaseUrl: string): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts'), '--role=worker'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', SMTP_URL: '', SMS_URL: '', PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}
const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r())));

// ---- fairness ----

describe('fairness: one employer at a time, employers side by side', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv({ queue: true });
  }, 60_000);
  afterAll(() => env.close());

  it("employer B's one-row sheet is processed before employer A's queued backlog, which runs one sheet at a time in upload order", async () => {
    const a = await createEmployer(env);
    const b = await createEmployer(env);
    const tokenA = await signIn(env, a.owner);
    const tokenB = await signIn(env, b.owner);
    // Everything is queued before any worker runs: A's three sheets, then B's one row.
    const backlog: string[] = [];
    for (let i = 0; i < 3; i++) backlog.push(await uploadEmployees(env, tokenA, await employeeSheet(3_000)));
    const small = await uploadEmployees(env, tokenB, await employeeSheet(1));

    await workDocumentJobs(env.deps, processSheet);
    const rows = await settle(env, [...backlog, small], 240);
    for (const r of rows) expect(r.status, `${r.id}: ${r.failure_reason}`).toBe('PROCESSED');
    const [a1, a2, a3, b1] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];

    // B did not wait for A's backlog: it was done before A's second and third sheets were.
    expect(b1.processed_at!.getTime()).toBeLessThan(a2.processed_at!.getTime());
    expect(b1.processed_at!.getTime()).toBeLessThan(a3.processed_at!.getTime());
    // A's sheets ran one at a time, in upload order: each began after the one before had ended.
    const jobs = await Promise.all(backlog.map((id) => jobOf(env, id)));
    for (let i = 1; i < jobs.length; i++) {
      expect(jobs[i]!.startedOn.getTime()).toBeGreaterThanOrEqual(jobs[i - 1]!.completedOn!.getTime());
    }
    expect(a1.applied_rows).toBe(3_000);
  }, 300_000);
});

// ---- recovery ----

describe('recovery: a worker killed in the middle of a sheet', () => {
  let env: TestEnv;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    // The queue for sending and supervising; no sheet worker in this process.
    env = await createTestEnv({ queue: true });
  }, 60_000);
  afterAll(async () => {
    for (const c of children) {
      if (c.exitCode === null && c.signalCode === null) {
        c.kill('SIGTERM');
        await exited(c);
      }
    }
    await env.close();
  });

  it('another worker takes the sheet up again within 60 s of the kill and processes it once', async () => {
    const rows = 50_000;
    const e = await createEmployer(env);
    const token = await signIn(env, e.owner);
    const id = await uploadEmployees(env, token, await employeeSheet(rows));
    const databaseUrl = env.deps.config.databaseUrl!;

    const first = startWorker(databaseUrl);
    children.push(first.child);
    // Wait until the first worker has claimed the job, then give it a moment into the sheet.
    for (let i = 0; ; i++) {
      if ((await jobOf(env, id))?.state === 'active') break;
      if (i > 600) throw new Error(`the first worker never took the job:\n${first.output()}`);
      await sleep(100);
    }
    await sleep(1_000);
    first.child.kill('SIGKILL');
    await exited(first.child);
    const killedAt = Date.now();
    // It died in the middle: the upload is unfinished and its job still says active (nobody beats for it).
    expect((await uploadRow(env, id)).status).toBe('PROCESSING');
    const dead = (await jobOf(env, id))!;
    expect(dead.state).toBe('active');
    expect(dead.retryCount).toBe(0);

    const second = startWorker(databaseUrl);
    children.push(second.child);
    let pickedUpMs = -1;
    for (;;) {
      const job = await jobOf(env, id);
      if (job && job.state === 'active' && job.retryCount === 1) {
        pickedUpMs = Date.now() - killedAt;
        break;
      }
      if (job?.state === 'completed' && job.retryCount === 1) {
        pickedUpMs = Date.now() - killedAt; // taken and finished between two looks
        break;
      }
      if (Date.now() - killedAt > 90_000) throw new Error(`not picked up again within 90 s (job ${JSON.stringify(job)}):\n${second.output()}`);
      await sleep(250);
    }
    // A functional bound, not a speed figure: within a minute rather than pg-boss's former 10.
    expect(pickedUpMs).toBeLessThanOrEqual(60_000);

    const [done] = await settle(env, [id], 240);
    expect(done!.status, `${done!.failure_reason}\n${second.output()}`).toBe('PROCESSED');
    expect(done!.applied_rows).toBe(rows);
    expect(done!.failed_rows).toBe(0);
    // Processed once: every row is there exactly once.
    const count = await env.deps.db.selectFrom('workers').select((eb) => eb.fn.countAll<string>().as('n')).where('employer_id', '=', e.employer.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(rows);
    // The job is completed once the handler has returned (a moment after the upload's commit).
    let job = (await jobOf(env, id))!;
    for (let i = 0; job.state === 'active' && i < 100; i++) {
      await sleep(100);
      job = (await jobOf(env, id))!;
    }
    expect(job.state).toBe('completed');
    expect(job.retryCount).toBe(1);
  }, 420_000);
});

// ---- a job dead for good ----

describe('a payroll whose job failed for good', () => {
  let env: TestEnv;
  let label: string;
  beforeAll(async () => {
    env = await createTestEnv({ queue: true });
    label = monthLabel(payrollMonthOf(isoDateInZone(new Date(), BUSINESS_TIME_ZONE)));
  }, 60_000);
  afterAll(() => env.close());

  const HEADER = ['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC'];
  async function payrollSheet(employerId: string): Promise<Buffer> {
    const w = await insertWorker(env, { employer_id: employerId, employer_worker_id: `P-${uniqueTag()}`, current_monthly_salary: 6_000_000, joined_at: '2025-01-01' });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Payroll');
    ws.addRow(HEADER);
    ws.addRow([w.employer_worker_id, 'Meena Kumari', '', 30000, 30, 30, `50100${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`, 'HDFC0001234']);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const uploadPayroll = async (token: string, file: Buffer) =>
    env.call('POST', '/employer-admin/payroll/upload-payroll-doc', { token, body: { file: file.toString('base64'), fileName: 'payroll.xlsx' } });
  const payrollRow = (id: string) => env.deps.db.selectFrom('payrolls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Fails the upload's job through pg-boss until its retries are spent (what three deaths in a row do). */
  async function failForGood(uploadId: string) {
    const queue = env.deps.queue!;
    for (let i = 0; i < 200; i++) {
      const job = await jobOf(env, uploadId);
      if (job?.state === 'failed') return;
      const [fetched] = await queue.fetch<{ uploadId: string }>(DOCUMENT_QUEUE);
      if (fetched) {
        expect(fetched.data.uploadId).toBe(uploadId);
        await queue.fail(DOCUMENT_QUEUE, fetched.id, { message: 'worker died' });
      } else await sleep(250);
    }
    throw new Error('the job did not fail for good');
  }

  let e1: { token: string; replaced: { documentId: string; payrollId: string }; first: string };
  let e2: { token: string; employerId: string; documentId: string; payrollId: string };

  it('re-upload is refused while the job may still run, and accepted once it failed for good (the old payroll PAYROLL_PROCESSING_FAILED)', async () => {
    // No sheet worker runs in this process yet: the jobs wait.
    const e = await createEmployer(env);
    const token = await signIn(env, e.owner);
    const first = await uploadPayroll(token, await payrollSheet(e.employer.id));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await uploadPayroll(token, await payrollSheet(e.employer.id));
    expect(again.status).toBe(409);
    expect(again.body.message.description).toBe(PAYROLL_MSG.stillProcessing(label));

    await failForGood(first.body.documentId);
    const replaced = await uploadPayroll(token, await payrollSheet(e.employer.id));
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(201);
    const old = await payrollRow(first.body.payrollId);
    expect(old.status).toBe('PAYROLL_PROCESSING_FAILED');
    expect(old.failure_reason).toBe(JOB_MSG.abandoned);
    const oldUpload = await uploadRow(env, first.body.documentId);
    expect(oldUpload.status).toBe('FAILED');
    expect(oldUpload.failure_reason).toBe(JOB_MSG.abandoned);
    e1 = { token, replaced: replaced.body, first: first.body.documentId };

    // Another employer's payroll job fails for good too, with nobody re-uploading.
    const f = await createEmployer(env);
    const tokenF = await signIn(env, f.owner);
    const other = await uploadPayroll(tokenF, await payrollSheet(f.employer.id));
    expect(other.status).toBe(201);
    await failForGood(other.body.documentId);
    e2 = { token: tokenF, employerId: f.employer.id, ...other.body };
  }, 120_000);

  it('the dead-letter worker ends such an upload FAILED and its payroll PAYROLL_PROCESSING_FAILED by itself, and the employer\'s later sheets are not held back', async () => {
    await workDocumentJobs(env.deps, processSheet);
    const until = Date.now() + 30_000;
    while (['UPLOADED', 'PROCESSING'].includes((await payrollRow(e2.payrollId)).status)) {
      if (Date.now() > until) throw new Error('the payroll whose job failed for good still says processing after 30 s');
      await sleep(200);
    }
    const p = await payrollRow(e2.payrollId);
    expect(p.status).toBe('PAYROLL_PROCESSING_FAILED');
    expect(p.failure_reason).toBe(JOB_MSG.abandoned);
    const u = await uploadRow(env, e2.documentId);
    expect(u.status).toBe('FAILED');
    expect(u.failure_reason).toBe(JOB_MSG.abandoned);
    expect((await env.deps.queue!.findJobs<{ uploadId: string }>(DOCUMENT_DEAD_QUEUE, { data: { uploadId: e2.documentId } })).length).toBe(1);

    // The month takes a new sheet, which is processed: the failed job no longer holds the employer's key.
    const replaced = await uploadPayroll(e2.token, await payrollSheet(e2.employerId));
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(201);
    // So is the first employer's replacement, queued behind its failed job since the test above.
    const done = await settle(env, [replaced.body.documentId, e1.replaced.documentId], 60);
    for (const d of done) expect(d.status, d.failure_reason ?? '').toBe('PROCESSED');
    expect((await payrollRow(replaced.body.payrollId)).status).toBe('PROCESSED');
    expect((await payrollRow(e1.replaced.payrollId)).status).toBe('PROCESSED');
    expect(await jobOf(env, e2.documentId)).toBeNull();
    expect(await jobOf(env, e1.first)).toBeNull();
  }, 120_000);
});
