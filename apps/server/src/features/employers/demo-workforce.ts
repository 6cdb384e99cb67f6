/**
 * A realistic month for the demo employer, made through the worker side's service: workers sign
 * up, attendance is marked day by day, advances are requested within the limits on the day they
 * happen (the service runs on that day's clock), some are repaid, and salary top-ups are
 * disbursed. A seeded generator keeps the demo the same on every machine.
 */
import { businessDate, monthStart } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { createWorkerSide } from '../worker-side/index.js';

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
  const workers: { id: string; salary: number }[] = [];
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
      workers.push({ id: w.id, salary });
    }
  }

  // The month so far: attendance each day, and on some days an advance asked for that day.
  for (let day = start; day <= today; day = addDays(day, 1)) {
    const onDay = createWorkerSide({ ...deps, now: () => new Date(`${day}T11:30:00+05:30`) });
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
}
