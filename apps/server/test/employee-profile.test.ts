/**
 * Employee profile calls (spec 2.6, 6, 7, 8, 9) over HTTP: profile with masking, documents,
 * transactions, salary details, agreements and their signed links; scoping across employers and
 * vendors (404), READ for all of them and WRITE for Terminate. Data is made through the worker side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGREEMENT_LINK_TTL_MS,
  EMPLOYEE_PROFILE_MSG,
  ERROR_CODES,
  HALF_DAYS,
  ROLE_IDS,
  businessDate,
  daysInMonth,
  monthStart,
} from '@portal/domain';
import { createWorkerSide, type WorkerSide } from '../src/features/worker-side/index.js';
import { createAdmin, createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { uniqueTag } from './workers-fixtures.js';

let env: TestEnv;
let side: WorkerSide;

/** A 1x1 PNG and a tiny PDF, as a worker app would upload. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

interface Tenant {
  employerId: string;
  v1: string;
  v2: string;
  superToken: string;
  viewerToken: string;
  vendorAdminToken: string;
  /** HR Manager: EMPLOYEES WRITE */
  hrToken: string;
}
let a: Tenant;
let b: Tenant;

async function tenant(): Promise<Tenant> {
  const e = await createEmployer(env);
  return {
    employerId: e.employer.id,
    v1: e.vendors[0]!.id,
    v2: e.vendors[1]!.id,
    superToken: await signIn(env, e.owner),
    viewerToken: await signIn(env, await createAdmin(env, e.employer.id, ROLE_IDS.viewer)),
    vendorAdminToken: await signIn(env, await createAdmin(env, e.employer.id, ROLE_IDS.vendorAdmin)),
    hrToken: await signIn(env, await createAdmin(env, e.employer.id, ROLE_IDS.hrManager)),
  };
}

async function worker(t: Tenant, vendorId: string | null = null, salary = 3_000_000) {
  const tag = uniqueTag();
  return side.register({ employerId: t.employerId, vendorId, mobile: uniqueMobile(), fullName: 'Asha Devi', employerWorkerId: `EP-${tag}`, email: `asha-${tag}@example.com`, monthlySalary: salary, joinedAt: '2025-01-01' });
}

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  env = await createTestEnv();
  side = createWorkerSide(env.deps);
  a = await tenant();
  b = await tenant();
});
afterAll(() => env.close());

describe('GET /employer-admin/user', () => {
  it('answers the profile with PAN and account numbers masked but the last 4', async () => {
    const w = await worker(a);
    const sealed = env.deps.protector.protectText('556677889900');
    await env.deps.db.updateTable('workers').set({ salary_account_number: sealed.sealed, salary_account_number_masked: sealed.masked, salary_account_number_hash: sealed.hash }).where('id', '=', w.id).execute();
    await side.saveProfile(w.id, { gender: 'Female', dateOfBirth: '1994-05-06', address: { line1: '12, MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' }, pan: 'ABCPD1234K' });
    await side.addBankAccount(w.id, { accountNumber: '123456789012', ifsc: 'HDFC0001234', primary: true });
    await side.addBankAccount(w.id, { accountNumber: '987654321', ifsc: 'SBIN0004567', primary: false });
    await side.setVerification(w.id, 'pan', 'VERIFIED');
    await side.setVerification(w.id, 'bank_details', 'INCORRECT');
    const selfie = await side.uploadDocument(w.id, 'selfie_doc', PNG);
    await side.reviewDocument(selfie, 'VERIFIED');
    await side.uploadDocument(w.id, 'hr_letter_doc', PDF);
    await side.signAgreement(w.id, 'EWA_AGREEMENT', PDF);

    const res = await env.call('GET', '/employer-admin/user', { token: a.viewerToken, query: { employeeId: w.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body;
    expect(p.name).toEqual({ data: 'Asha Devi' });
    expect(p.phone).toEqual({ data: { countryCode: '+91', number: w.mobile } });
    expect(p.email).toEqual({ data: w.email });
    expect(p.gender).toBe('Female');
    expect(p.pan).toEqual({ data: { pan: '******234K' } });
    expect(p.address.data).toEqual({ line1: '12, MG Road', line2: null, city: 'Pune', state: 'Maharashtra', pincode: '411001' });
    expect(p.salaryAccountNumber).toBe('********9900');
    expect(p.bankAccountInfo).toEqual([
      { data: { primary: true, accountNumber: '********9012', ifsc: 'HDFC0001234' } },
      { data: { primary: false, accountNumber: '*****4321', ifsc: 'SBIN0004567' } },
    ]);
    // Nothing unmasked anywhere in the answer.
    const text = JSON.stringify(p);
    for (const secret of ['ABCPD1234K', '123456789012', '987654321', '556677889900']) expect(text).not.toContain(secret);
    expect(p.verification).toEqual({ pan: 'VERIFIED', bank_details: 'INCORRECT', selfie_doc: 'VERIFIED' });
    expect(p.documents.map((d: { docType: string; status: string }) => [d.docType, d.status])).toEqual([
      ['selfie_doc', 'VERIFIED'],
      ['hr_letter_doc', 'PENDING'],
    ]);
    expect(p.agreements).toHaveLength(1);
    expect(p.agreements[0]).toMatchObject({ agreementType: 'EWA_AGREEMENT', hasDocument: true });
    expect(p.signedUp).toBe(true);
  });

  it('answers a worker without KYC details with empty values', async () => {
    const w = await worker(a);
    const res = await env.call('GET', '/employer-admin/user', { token: a.superToken, query: { employeeId: w.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pan: null, address: null, gender: null, bankAccountInfo: [], agreements: [], documents: [], verification: {} });
  });

  it("answers 404 for another employer's worker, another vendor's worker, a vendor worker in employer context and a malformed id", async () => {
    const other = await worker(b);
    const inV1 = await worker(a, a.v1);
    const own = await worker(a);
    const cases: [string, Record<string, string>][] = [
      [other.id, {}],
      [other.id, { vendorId: a.v1 }],
      [inV1.id, {}],
      [inV1.id, { vendorId: a.v2 }],
      [own.id, { vendorId: a.v1 }],
      ['not-an-id', {}],
    ];
    for (const [employeeId, extra] of cases) {
      const res = await env.call('GET', '/employer-admin/user', { token: a.superToken, query: { employeeId, ...extra } });
      expect(res.status, `${employeeId} ${JSON.stringify(extra)}`).toBe(404);
      expect(res.body.message.code).toBe(ERROR_CODES.notFound);
      expect(JSON.stringify(res.body)).not.toContain('Asha');
    }
    const ok = await env.call('GET', '/employer-admin/user', { token: a.vendorAdminToken, query: { employeeId: inV1.id, vendorId: a.v1 } });
    expect(ok.status).toBe(200);
    expect(ok.body._id).toBe(inV1.id);
    expect(ok.body.workerType).toBe('CONTRACTOR');
  });

  it('needs EMPLOYEES READ in the context: the vendor resource in vendor context', async () => {
    const w = await worker(a);
    const inV1 = await worker(a, a.v1);
    // Vendor Admin holds only vendor resources.
    expect((await env.call('GET', '/employer-admin/user', { token: a.vendorAdminToken, query: { employeeId: w.id } })).status).toBe(403);
    expect((await env.call('GET', '/employer-admin/user', { token: a.viewerToken, query: { employeeId: w.id } })).status).toBe(200);
    const viewerInVendor = await env.call('GET', '/employer-admin/user', { token: a.viewerToken, query: { employeeId: inV1.id, vendorId: a.v1 } });
    // Viewer holds READ on the vendor employees resource too.
    expect(viewerInVendor.status).toBe(200);
    expect((await env.call('GET', '/employer-admin/user', { query: { employeeId: w.id } })).status).toBe(401);
  });
});

describe('GET /employer-admin/user-document', () => {
  it('serves the latest document of a kind with its proven type, and 404 when there is none', async () => {
    const w = await worker(a);
    await side.uploadDocument(w.id, 'address_proof_doc', PDF);
    await side.uploadDocument(w.id, 'address_proof_doc', PNG);
    const res = await fetch(`${env.baseUrl}/api/employer-admin/user-document?employeeId=${w.id}&docType=address_proof_doc`, { headers: { authorization: `Bearer ${a.viewerToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    const none = await env.call('GET', '/employer-admin/user-document', { token: a.viewerToken, query: { employeeId: w.id, docType: 'selfie_doc' } });
    expect(none.status).toBe(404);
    expect(none.body.message.description).toBe(EMPLOYEE_PROFILE_MSG.documentNotFound);
  });

  it("refuses an unknown kind, and answers 404 for another employer's or vendor's worker", async () => {
    const w = await worker(a);
    await side.uploadDocument(w.id, 'selfie_doc', PNG);
    expect((await env.call('GET', '/employer-admin/user-document', { token: a.superToken, query: { employeeId: w.id, docType: 'passport' } })).status).toBe(400);
    const theirs = await env.call('GET', '/employer-admin/user-document', { token: b.superToken, query: { employeeId: w.id, docType: 'selfie_doc' } });
    expect(theirs.status).toBe(404);
    const inVendor = await env.call('GET', '/employer-admin/user-document', { token: a.superToken, query: { employeeId: w.id, docType: 'selfie_doc', vendorId: a.v1 } });
    expect(inVendor.status).toBe(404);
    expect((await env.call('GET', '/employer-admin/user-document', { query: { employeeId: w.id, docType: 'selfie_doc' } })).status).toBe(401);
  });

  it('the worker side refuses a document that is not JPEG, PNG or PDF by content', async () => {
    const w = await worker(a);
    await expect(side.uploadDocument(w.id, 'selfie_doc', Buffer.from('<svg onload=alert(1)>'))).rejects.toThrow(/JPEG, PNG or PDF/);
    const none = await env.call('GET', '/employer-admin/user-document', { token: a.superToken, query: { employeeId: w.id, docType: 'selfie_doc' } });
    expect(none.status).toBe(404);
  });
});

/** Attendance of the month so far: present, with a half day and an absence when the month is long enough; returns the worked half-days. */
async function markMonth(workerId: string): Promise<number> {
  const today = businessDate(env.deps.now());
  let halfDays = 0;
  let k = 0;
  for (let d = monthStart(today); d <= today; d = nextDay(d), k++) {
    const status = k === 1 ? 'HALF_DAY' : k === 2 ? 'ABSENT' : 'PRESENT';
    await side.markAttendance(workerId, d, status);
    halfDays += HALF_DAYS[status]!;
  }
  return halfDays;
}

describe('GET /employer-admin/employee/:id/withdrawal-accessibility', () => {
  it('answers the figures the attendance and advances give', async () => {
    const salary = 3_100_000; // 31,000 rupees
    const w = await worker(a, null, salary);
    await env.deps.db.updateTable('workers').set({ max_withdrawal_salary_percent: 40 }).where('id', '=', w.id).execute();
    const halfDays = await markMonth(w.id);
    const today = businessDate(env.deps.now());
    const earned = Math.floor((salary * halfDays) / (2 * daysInMonth(today)));
    const limit = Math.floor((earned * 40) / 100);

    const before = await env.call('GET', `/employer-admin/employee/${w.id}/withdrawal-accessibility`, { token: a.viewerToken });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ currentAvailableSalary: limit, withdrawnAmount: 0, sodRemainingBalance: 0, isWithdrawalAllowed: true });

    // Three advances: one transferred and half repaid, one rejected (holds nothing), one still requested.
    const first = Math.floor(limit / 4);
    const second = Math.floor(limit / 5);
    const third = Math.floor(limit / 10);
    const t1 = await side.requestAdvance(w.id, first);
    await side.disburse(t1);
    const repaid = Math.floor(first / 2);
    await side.repay(t1, repaid, today);
    const t2 = await side.requestAdvance(w.id, second);
    await side.move(t2, 'LENDER_REJECTED');
    await side.requestAdvance(w.id, third);

    const after = await env.call('GET', `/employer-admin/employee/${w.id}/withdrawal-accessibility`, { token: a.viewerToken });
    expect(after.body).toEqual({
      currentAvailableSalary: limit - first - third,
      withdrawnAmount: first + third,
      sodRemainingBalance: first - repaid,
      isWithdrawalAllowed: true,
    });
  });

  it('is Not Allowed, with nothing available, for a worker whose withdrawals are off', async () => {
    const w = await worker(a);
    await markMonth(w.id);
    await env.deps.db.updateTable('workers').set({ is_transaction_allowed: false }).where('id', '=', w.id).execute();
    const res = await env.call('GET', `/employer-admin/employee/${w.id}/withdrawal-accessibility`, { token: a.superToken });
    expect(res.body).toMatchObject({ isWithdrawalAllowed: false, currentAvailableSalary: 0 });
  });

  it('scopes by employer and vendor', async () => {
    const inV1 = await worker(a, a.v1);
    expect((await env.call('GET', `/employer-admin/employee/${inV1.id}/withdrawal-accessibility`, { token: a.superToken })).status).toBe(404);
    expect((await env.call('GET', `/employer-admin/employee/${inV1.id}/withdrawal-accessibility`, { token: a.superToken, query: { vendorId: a.v2 } })).status).toBe(404);
    expect((await env.call('GET', `/employer-admin/employee/${inV1.id}/withdrawal-accessibility`, { token: b.superToken })).status).toBe(404);
    const ok = await env.call('GET', `/employer-admin/employee/${inV1.id}/withdrawal-accessibility`, { token: a.vendorAdminToken, query: { vendorId: a.v1 } });
    expect(ok.status).toBe(200);
  });
});

describe('GET /employer-admin/transactions', () => {
  it("answers the worker's advances newest first, and no one else's", async () => {
    const w = await worker(a, null, 6_000_000);
    const otherWorker = await worker(a, null, 6_000_000);
    await markMonth(w.id);
    await markMonth(otherWorker.id);
    const t1 = await side.requestAdvance(w.id, 40_000);
    await side.disburse(t1);
    await side.repay(t1, 15_000, businessDate(env.deps.now()));
    env.clock.advance(1000);
    const t2 = await side.requestAdvance(w.id, 20_000);
    await side.disburse(t2, 'TRANSFER_FAILED');
    await side.requestAdvance(otherWorker.id, 20_000);

    const res = await env.call('GET', '/employer-admin/transactions', { token: a.viewerToken, query: { employeeId: w.id } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.transactions.map((t: { _id: string }) => t._id)).toEqual([t2, t1]);
    expect(res.body.transactions[1]).toMatchObject({ amount: 40_000, status: 'TRANSFERRED', repaidAmount: 15_000, pendingRepaymentAmount: 25_000, employeeId: w.id });
    expect(res.body.transactions[0]).toMatchObject({ amount: 20_000, status: 'TRANSFER_FAILED', repaidAmount: 0, pendingRepaymentAmount: null, latestRepaymentDate: null });
  });

  it('answers 404 across employers and vendors', async () => {
    const w = await worker(a);
    expect((await env.call('GET', '/employer-admin/transactions', { token: b.superToken, query: { employeeId: w.id } })).status).toBe(404);
    expect((await env.call('GET', '/employer-admin/transactions', { token: a.superToken, query: { employeeId: w.id, vendorId: a.v1 } })).status).toBe(404);
    expect((await env.call('GET', '/employer-admin/transactions', { token: a.vendorAdminToken, query: { employeeId: w.id } })).status).toBe(403);
  });
});

describe('agreements: metadata, signed link, the document', () => {
  it('lists the agreements, gives a 5-minute signed link that serves the document, and null without a document', async () => {
    const w = await worker(a);
    const withDoc = await side.signAgreement(w.id, 'EWA_AGREEMENT', PDF);
    env.clock.advance(1000);
    const withoutDoc = await side.signAgreement(w.id, 'EWA_AGREEMENT_V1', null);

    const meta = await env.call('GET', `/employer-admin/workers/${w.id}/agreements-metadata`, { token: a.viewerToken, query: { workerType: 'EMPLOYEE' } });
    expect(meta.status).toBe(200);
    expect(meta.body.agreements.map((x: { agreementId: string; hasDocument: boolean }) => [x.agreementId, x.hasDocument])).toEqual([
      [withoutDoc, false],
      [withDoc, true],
    ]);
    expect((await env.call('GET', `/employer-admin/workers/${w.id}/agreements-metadata`, { token: a.viewerToken, query: { workerType: 'CONTRACTOR' } })).status).toBe(404);

    const none = await env.call('GET', `/employer-admin/agreements/${withoutDoc}/presigned-s3-url`, { token: a.viewerToken });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ url: null, expiresAt: null });

    const link = await env.call('GET', `/employer-admin/agreements/${withDoc}/presigned-s3-url`, { token: a.viewerToken });
    expect(link.status).toBe(200);
    const url = new URL(link.body.url);
    expect(Date.parse(link.body.expiresAt) - env.deps.now().getTime()).toBeLessThanOrEqual(AGREEMENT_LINK_TTL_MS);
    expect(Date.parse(link.body.expiresAt) - env.deps.now().getTime()).toBeGreaterThan(AGREEMENT_LINK_TTL_MS - 10_000);
    // No bearer token: the signature is the authorisation.
    const doc = await fetch(`${env.baseUrl}${url.pathname}${url.search}`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await doc.arrayBuffer()).equals(PDF)).toBe(true);

    // A changed signature, another agreement's id with this signature, and an extended expiry all fail.
    const sig = url.searchParams.get('signature')!;
    const expires = url.searchParams.get('expires')!;
    const tampered = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    for (const path of [
      `${url.pathname}?expires=${expires}&signature=${tampered}`,
      `/api/agreement-documents/${withoutDoc}?expires=${expires}&signature=${sig}`,
      `${url.pathname}?expires=${Number(expires) + 60_000}&signature=${sig}`,
    ]) {
      const r = await fetch(`${env.baseUrl}${path}`);
      expect(r.status, path).toBe(404);
      expect(((await r.json()) as { message: { description: string } }).message.description).toBe(EMPLOYEE_PROFILE_MSG.linkExpired);
    }

    // After 5 minutes the link no longer works.
    env.clock.advance(AGREEMENT_LINK_TTL_MS + 1000);
    expect((await fetch(`${env.baseUrl}${url.pathname}${url.search}`)).status).toBe(404);
  });

  it('answers 404 for agreements and workers of another employer or vendor', async () => {
    const w = await worker(a, a.v1);
    const agreement = await side.signAgreement(w.id, 'EWA_AGREEMENT', PDF);
    expect((await env.call('GET', `/employer-admin/agreements/${agreement}/presigned-s3-url`, { token: b.superToken })).status).toBe(404);
    expect((await env.call('GET', `/employer-admin/agreements/${agreement}/presigned-s3-url`, { token: a.superToken })).status).toBe(404);
    expect((await env.call('GET', `/employer-admin/agreements/${agreement}/presigned-s3-url`, { token: a.superToken, query: { vendorId: a.v2 } })).status).toBe(404);
    expect((await env.call('GET', `/employer-admin/workers/${w.id}/agreements-metadata`, { token: b.superToken, query: { workerType: 'CONTRACTOR' } })).status).toBe(404);
    expect((await env.call('GET', `/employer-admin/workers/${w.id}/agreements-metadata`, { token: a.superToken, query: { workerType: 'CONTRACTOR', vendorId: a.v2 } })).status).toBe(404);
    const ok = await env.call('GET', `/employer-admin/agreements/${agreement}/presigned-s3-url`, { token: a.vendorAdminToken, query: { vendorId: a.v1 } });
    expect(ok.status).toBe(200);
    expect(ok.body.url).toMatch(/\/api\/agreement-documents\//);
    const meta = await env.call('GET', `/employer-admin/workers/${w.id}/agreements-metadata`, { token: a.vendorAdminToken, query: { workerType: 'CONTRACTOR', vendorId: a.v1 } });
    expect(meta.body.agreements).toHaveLength(1);
  });
});

describe('Terminate from the profile (PATCH /employer-admin/terminate-employee)', () => {
  it('needs WRITE: a Viewer is refused and nothing changes; an HR Manager terminates', async () => {
    const w = await worker(a);
    const viewer = await env.call('PATCH', '/employer-admin/terminate-employee', { token: a.viewerToken, body: { employeeId: w.id } });
    expect(viewer.status).toBe(403);
    expect((await env.call('GET', '/employer-admin/user', { token: a.viewerToken, query: { employeeId: w.id } })).body.employmentStatus).toBe('ACTIVE');

    const hr = await env.call('PATCH', '/employer-admin/terminate-employee', { token: a.hrToken, body: { employeeId: w.id } });
    expect(hr.status, JSON.stringify(hr.body)).toBe(200);
    const after = await env.call('GET', '/employer-admin/user', { token: a.viewerToken, query: { employeeId: w.id } });
    expect(after.body.employmentStatus).toBe('INACTIVE');
    expect(after.body.terminatedAt).toBe(businessDate(env.deps.now()));
    // A terminated worker may no longer withdraw.
    const salary = await env.call('GET', `/employer-admin/employee/${w.id}/withdrawal-accessibility`, { token: a.viewerToken });
    expect(salary.body.isWithdrawalAllowed).toBe(false);
  });

  it("answers 404 for another employer's worker", async () => {
    const w = await worker(b);
    const res = await env.call('PATCH', '/employer-admin/terminate-employee', { token: a.superToken, body: { employeeId: w.id } });
    expect(res.status).toBe(404);
  });
});
