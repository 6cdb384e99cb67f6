/**
 * A realistic month for the demo employer, made through the worker side's service: workers sign
 * up, attendance is marked day by day, advances are requested within the limits on the day they
 * happen (the service runs on that day's clock), some are repaid, and salary top-ups are
 * disbursed. A seeded generator keeps the demo the same on every machine.
 */
import { STORED_TYPES_OF, businessDate, firstDayOf, formatDdMmYyyy, monthOfDate, monthStart, payrollMonthOf } from '@portal/domain';
import type { Deps } from '../platform/context.js';
import { createSheetPipeline, leaveSheet, startUpload } from '../features/documents/index.js';
import { createWorkerSide } from '../features/worker-side/index.js';
import type { WorkerRecord } from '../db/schema.js';
import { writeXlsx } from '../platform/uploads/xlsx-writer.js';
import { demoDocuments } from './documents.js';

const FIRST = ['Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan', 'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Pari', 'Anika', 'Navya', 'Meera', 'Lakshmi', 'Fatima', 'Imran', 'Joseph', 'Gurpreet', 'Harpreet', 'Ramesh', 'Suresh', 'Kavya', 'Pooja', 'Deepak', 'Sunita'];
const LAST = ['Sharma', 'Verma', 'Patel', 'Reddy', 'Nair', 'Iyer', 'Khan', 'Singh', 'Gupta', 'Das', 'Joshi', 'Pillai', 'Yadav', 'Mehta', 'Kulkarni', 'Chatterjee', 'Fernandes', 'Gill', 'Rao', 'Menon'];

/** mulberry32: small, seeded, good enough for demo data. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A time of a business day in IST, but never after the deps' clock (issue 20 item 6): on today's
 * date, what the demo says happened "at 11:30" happened at most now when the portal starts earlier.
 */
const istAt = (deps: Pick<Deps, 'now'>, day: string, time: string): Date => {
  const at = new Date(`${day}T${time}+05:30`);
  const now = deps.now();
  return at > now ? now : at;
};

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoWorkforce(deps: Deps, employerId: string, vendors: { id: string; name: string }[]): Promise<void> {
  const rnd = random(20261122);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const today = businessDate(deps.now());
  const start = monthStart(today);
  const side = createWorkerSide(deps);
  let seq = 0;
  const nextMobile = () => `9${String(700_000_000 + seq * 7919).padStart(9, '0')}`;

  const groups: { vendorId: string | null; prefix: string; count: number }[] = [
    { vendorId: null, prefix: 'SUN', count: 48 },
    ...vendors.map((v, k) => ({ vendorId: v.id, prefix: k === 0 ? 'SWF' : 'MSA', count: k === 0 ? 14 : 8 })),
  ];
  const workers: { id: string; salary: number; number: number }[] = [];
  const registered: WorkerRecord[] = [];
  for (const g of groups) {
    for (let k = 1; k <= g.count; k++) {
      seq++;
      const salary = (12_000 + Math.floor(rnd() * 38) * 1_000) * 100; // 12,000 .. 49,000 rupees
      const w = await side.register({
        employerId,
        vendorId: g.vendorId,
        mobile: nextMobile(),
        fullName: `${pick(FIRST)} ${pick(LAST)}`,
        employerWorkerId: `${g.prefix}-${String(1000 + k)}`,
        monthlySalary: salary,
        joinedAt: addDays('2024-01-01', Math.floor(rnd() * 600)),
      });
      workers.push({ id: w.id, salary, number: k });
      registered.push(w);
    }
  }
  await seedDemoKyc(deps, registered);
  await seedPayrollMonth(deps, workers, today);
  const awaitingApproval = new Set(registered.filter((w) => PENDING_REQUEST_WORKERS.has(w.employer_worker_id)).map((w) => w.id));

  // The month so far: attendance each day, and on some days an advance asked for that day.
  for (let day = start; day <= today; day = addDays(day, 1)) {
    const onDay = createWorkerSide({ ...deps, now: () => istAt(deps, day, '11:30:00') });
    const sunday = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
    for (const w of workers) {
      const r = rnd();
      await onDay.markAttendance(w.id, day, sunday ? 'HOLIDAY' : r < 0.86 ? 'PRESENT' : r < 0.92 ? 'HALF_DAY' : r < 0.96 ? 'LEAVE' : 'ABSENT');
    }
    if (day === start) continue;
    for (const w of workers) {
      if (rnd() > 0.05) continue;
      const { available } = await onDay.availability(w.id);
      const amount = Math.floor((available * (0.3 + rnd() * 0.6)) / 10_000) * 10_000; // whole hundreds of rupees
      if (amount < 50_000) continue;
      if (awaitingApproval.has(w.id)) {
        // They ask only this morning (seedPendingRequests), whatever the date: the same draws are used, so the rest stays as it was.
        rnd();
        continue;
      }
      const id = await onDay.requestAdvance(w.id, amount);
      const fate = rnd();
      if (fate < 0.06) await onDay.move(id, 'LENDER_REJECTED');
      else if (fate < 0.1) await onDay.disburse(id, 'TRANSFER_FAILED');
      else {
        await onDay.disburse(id);
        if (fate > 0.85) await onDay.repay(id, amount, day);
      }
    }
  }

  // A few salary top-ups.
  for (let k = 0; k < 6; k++) {
    const w = workers[Math.floor(rnd() * workers.length)]!;
    await side.applyTopup(w.id, Math.round((w.salary * (1 + k % 3)) / 100) * 100, 3 + (k % 4) * 3, k === 5 ? 'VERIFICATION_PENDING' : 'DISBURSED');
  }

  // The employer then turned on worker approval: the next sign-ups wait for an admin.
  const employer = await deps.db.selectFrom('employers').select('config').where('id', '=', employerId).executeTakeFirstOrThrow();
  await deps.db.updateTable('employers').set({ config: JSON.stringify({ ...employer.config, isEmployeeApprovalEnabled: true }) }).where('id', '=', employerId).execute();
  for (let k = 1; k <= 4; k++) {
    seq++;
    await side.register({ employerId, mobile: nextMobile(), fullName: `${pick(FIRST)} ${pick(LAST)}`, employerWorkerId: `SUN-NEW-${k}`, monthlySalary: (15_000 + k * 1_500) * 100, joinedAt: addDays(today, -k) });
  }
  await seedPendingRequests(deps, workers, registered);
  await seedDemoLeave(deps, employerId, today);
}

/**
 * Leave (decision 0025): two leave sheets the owner uploaded, processed by the leave sheet kind as
 * any upload is, so /leave lists them with their processed sheets: the payroll month's leave (paid
 * and unpaid), uploaded on the current month's first day, and this month's so far. Only own
 * workers no walkthrough reads exact figures of (not SUN-1001..1014, the borrowers and payroll
 * rows, nor SUN-1020/1033/1041, the pending requests, nor the others the e2e journeys name).
 * Seeded last, so every figure seeded before stays as it was.
 */
async function seedDemoLeave(deps: Deps, employerId: string, today: string): Promise<void> {
  const owner = await deps.db
    .selectFrom('admins')
    .select('id')
    .where('employer_id', '=', employerId)
    .where('vendor_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  if (!owner) return;
  const previous = firstDayOf(payrollMonthOf(today));
  const current = monthStart(today);
  const day = (first: string, n: number) => formatDdMmYyyy(addDays(first, n - 1));
  const sheets: { fileName: string; at: Date; rows: [string, string, string, string][] }[] = [
    {
      fileName: `leave-${previous.slice(0, 7)}.xlsx`,
      at: istAt(deps, current, '10:05:00'),
      rows: [
        ['SUN-1017', day(previous, 3), day(previous, 5), 'Casual Leave'],
        ['SUN-1023', day(previous, 10), day(previous, 11), 'Loss of Pay'],
        ['SUN-1044', day(previous, 17), day(previous, 17), 'Sick Leave'],
      ],
    },
    {
      fileName: `leave-${current.slice(0, 7)}.xlsx`,
      at: new Date(deps.now().getTime() - 3 * 60 * 60_000),
      rows: [
        ['SUN-1028', day(current, 2), day(current, 2), 'Sick Leave'],
        ['SUN-1031', day(current, 4), day(current, 6), 'Earned Leave'],
        ['SUN-1023', day(current, 8), day(current, 8), 'Unpaid Leave'],
      ],
    },
  ];
  const process = createSheetPipeline({ LEAVE_UPLOAD: leaveSheet });
  for (const sheet of sheets) {
    const content = await writeXlsx({ name: 'Leave', header: ['Employee ID', 'From Date', 'To Date', 'Leave Type'], rows: sheet.rows.map((cells) => ({ cells })) });
    const stored = await deps.db
      .insertInto('stored_files')
      .values({
        employer_id: employerId,
        vendor_id: null,
        admin_id: owner.id,
        document_type: STORED_TYPES_OF.LEAVE_UPLOAD.original,
        file_name: sheet.fileName,
        mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size_bytes: content.length,
        content: deps.protector.sealBytes(content),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const upload = { id: await startUpload(deps.db, { employer_id: employerId, vendor_id: null, admin_id: owner.id, doc_type: 'LEAVE_UPLOAD', file_name: sheet.fileName, original_file_id: stored.id, created_at: sheet.at }, 'PROCESSING') };
    await process({ ...deps, now: () => new Date(sheet.at.getTime() + 20_000) }, upload.id);
    // Seeded history, not news: the upload outcome notice (decision 0021) does not greet the demo admin with it.
    await deps.db.updateTable('document_uploads').set({ outcome_seen_at: sheet.at }).where('id', '=', upload.id).execute();
  }
}

/**
 * With approval on, the last advance requests of the morning wait for an admin on EWA Requests
 * (decision 0024): three of the employer's own workers and two of Swift Staffing's, none of the
 * workers other screens' walkthroughs use. Half of what each may still take, in whole hundreds of
 * rupees, asked in the last two hours.
 */
/** The workers whose advance requests wait for an admin; they take no other advance this month, so they can always ask. */
const PENDING_REQUEST_WORKERS = new Set(['SUN-1020', 'SUN-1033', 'SUN-1041', 'SWF-1008', 'SWF-1012']);

async function seedPendingRequests(deps: Deps, workers: readonly { id: string; number: number }[], registered: readonly WorkerRecord[]): Promise<void> {
  let k = 0;
  for (const w of registered) {
    if (!PENDING_REQUEST_WORKERS.has(w.employer_worker_id) || !workers.some((x) => x.id === w.id)) continue;
    k++;
    const side = createWorkerSide({ ...deps, now: () => new Date(deps.now().getTime() - (125 - k * 23) * 60_000) });
    const { available } = await side.availability(w.id);
    const amount = Math.floor(available / 2 / 10_000) * 10_000;
    if (amount >= 50_000) await side.requestAdvance(w.id, amount);
  }
}

/**
 * Workers who take an advance every month: numbers 1001-1006 and 1010-1014 of each group. They
 * include the rows of the demo's payroll sheets: SUN-1010..SUN-1014 (the own workers' payroll of
 * the journeys), the first workers of Swift Staffing and MSA-1001..MSA-1006 (Metro Security).
 */
const REGULAR_BORROWERS = new Set([1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14]);

/**
 * The payroll month (the month before today's; its payroll runs this month): attendance every day,
 * and advances taken, disbursed and partly repaid through it, so the demo's payroll has real
 * deductions (advances TRANSFERRED on or before the month's last day) and executing it turns them
 * DEDUCTED_FROM_SALARY. One worker also repays a salary top-up taken the month before, whose first
 * EMI falls due in the payroll month. Its own seeded generator, so the current month's figures
 * stay as they were.
 */
async function seedPayrollMonth(deps: Deps, workers: readonly { id: string; salary: number; number: number }[], today: string): Promise<void> {
  const rnd = random(20261031);
  const month = payrollMonthOf(today);
  const start = firstDayOf(month);
  const end = addDays(monthStart(today), -1);
  const borrowed = new Set<string>();
  for (let day = start; day <= end; day = addDays(day, 1)) {
    const onDay = createWorkerSide({ ...deps, now: () => istAt(deps, day, '12:15:00') });
    const sunday = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
    for (const w of workers) {
      const r = rnd();
      await onDay.markAttendance(w.id, day, sunday ? 'HOLIDAY' : r < 0.87 ? 'PRESENT' : r < 0.93 ? 'HALF_DAY' : r < 0.97 ? 'LEAVE' : 'ABSENT');
    }
    if (day < addDays(start, 4) || sunday) continue;
    const dayOfMonth = Number(day.slice(8, 10));
    for (const w of workers) {
      // A regular borrower who has not borrowed yet does so on a day of their own between the 12th and the 19th.
      const due = REGULAR_BORROWERS.has(w.number) && !borrowed.has(w.id) && dayOfMonth >= 12 + (w.number % 8);
      if (!due && rnd() > 0.03) continue;
      const { available } = await onDay.availability(w.id);
      const amount = Math.floor((available * (0.35 + rnd() * 0.4)) / 10_000) * 10_000; // whole hundreds of rupees
      if (amount < 50_000) continue;
      const id = await onDay.requestAdvance(w.id, amount);
      const fate = rnd();
      if (!due && fate < 0.05) {
        await onDay.move(id, 'LENDER_REJECTED');
        continue;
      }
      await onDay.disburse(id);
      // A few pay it all back themselves; some pay part of it (the payroll deducts what is left).
      if (fate > 0.92 && !due) {
        await onDay.repay(id, amount, day);
        continue;
      }
      borrowed.add(w.id);
      if (fate > 0.82) await onDay.repay(id, Math.floor(amount / 20_000) * 10_000, day);
    }
  }
  // A top-up taken the month before the payroll month: its first EMI is due on the 5th of the payroll month.
  const sun1012 = workers.find((w) => w.number === 12);
  if (sun1012) {
    const before = firstDayOf(monthOfDate(addDays(start, -1)));
    const side = createWorkerSide({ ...deps, now: () => istAt(deps, addDays(before, 9), '15:00:00') });
    await side.applyTopup(sun1012.id, Math.round(sun1012.salary / 2 / 100) * 100, 3);
  }
}

const FEMALE = new Set(['Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Pari', 'Anika', 'Navya', 'Meera', 'Lakshmi', 'Fatima', 'Harpreet', 'Kavya', 'Pooja', 'Sunita']);
const CITIES = [
  { city: 'Surat', state: 'Gujarat', pin: '395003' },
  { city: 'Pune', state: 'Maharashtra', pin: '411001' },
  { city: 'Bengaluru', state: 'Karnataka', pin: '560034' },
  { city: 'Chennai', state: 'Tamil Nadu', pin: '600017' },
  { city: 'Ludhiana', state: 'Punjab', pin: '141001' },
  { city: 'Tiruppur', state: 'Tamil Nadu', pin: '641604' },
];
const STREETS = ['MG Road', 'Station Road', 'Ring Road', 'Gandhi Nagar', 'Nehru Street', 'Market Yard'];
/** The day the current version of the advance agreement came out. */
const CURRENT_AGREEMENT_FROM = '2025-04-01';
const BANKS = ['HDFC0001234', 'SBIN0004567', 'ICIC0007890', 'UTIB0000321', 'KKBK0005432'];

/**
 * What the demo workers did in the worker app after signing up, through the worker side: their
 * KYC details (gender, date of birth, address, PAN), bank accounts, documents (selfie, address
 * proof, some HR letters and rental agreements: the sample files of ./fixtures) and the provider's
 * review of them, and the signed advance agreement (a few older agreements were signed before
 * documents were kept). Its own
 * seeded generator, so the rest of the demo stays as it was.
 */
async function seedDemoKyc(deps: Deps, workers: readonly WorkerRecord[]): Promise<void> {
  const rnd = random(314159);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(rnd() * 26))).join('');
  const review = () => {
    const r = rnd();
    return r < 0.75 ? 'VERIFIED' : r < 0.92 ? 'PENDING' : 'INCORRECT';
  };
  for (const [k, w] of workers.entries()) {
    const joined = w.joined_at ?? businessDate(deps.now());
    // The worker app acts on the joining day.
    const side = createWorkerSide({ ...deps, now: () => istAt(deps, joined, '10:30:00') });
    const place = pick(CITIES);
    const first = w.full_name.split(' ')[0]!;
    await side.saveProfile(w.id, {
      gender: FEMALE.has(first) ? 'Female' : 'Male',
      dateOfBirth: `${1975 + Math.floor(rnd() * 28)}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`,
      address: { line1: `${1 + Math.floor(rnd() * 240)}, ${pick(STREETS)}`, line2: null, city: place.city, state: place.state, pincode: place.pin },
      pan: `${letters(3)}P${w.full_name.split(' ')[1]![0]}${String(1000 + Math.floor(rnd() * 9000))}${letters(1)}`,
    });
    if (rnd() < 0.92) {
      await side.addBankAccount(w.id, { accountNumber: String(10_000_000_000 + Math.floor(rnd() * 89_999_999_999)), ifsc: pick(BANKS), primary: true });
      if (rnd() < 0.15) await side.addBankAccount(w.id, { accountNumber: String(500_000_000 + Math.floor(rnd() * 499_999_999)), ifsc: pick(BANKS), primary: false });
      await side.setVerification(w.id, 'bank_details', review());
    }
    await side.setVerification(w.id, 'pan', review());
    await side.setVerification(w.id, 'address', review());
    if (rnd() < 0.9) await side.reviewDocument(await side.uploadDocument(w.id, 'selfie_doc', demoDocuments.selfie(k)), review());
    if (rnd() < 0.8) await side.reviewDocument(await side.uploadDocument(w.id, 'address_proof_doc', demoDocuments.addressProof(k)), review());
    if (rnd() < 0.4) await side.reviewDocument(await side.uploadDocument(w.id, 'hr_letter_doc', demoDocuments.hrLetter()), review());
    if (rnd() < 0.25) await side.uploadDocument(w.id, 'rental_agreement_doc', demoDocuments.rentalAgreement(k));
    // Some signed the first version of the agreement, of which no document was kept, and the current one when it came out.
    const older = k % 7 === 3;
    if (older) await side.signAgreement(w.id, 'EWA_AGREEMENT_V1', null);
    const signedOn = older && joined < CURRENT_AGREEMENT_FROM ? CURRENT_AGREEMENT_FROM : joined;
    await createWorkerSide({ ...deps, now: () => istAt(deps, signedOn, '10:45:00') }).signAgreement(w.id, 'EWA_AGREEMENT', demoDocuments.agreement());
  }
}
