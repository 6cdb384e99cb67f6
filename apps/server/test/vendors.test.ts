/**
 * Issue 6 parts 2-5 (decision 0017): the vendor cards (spec 2.18, 7), the analytics dashboards
 * (2.14) with the CSP's frame-src and the operators' management, the File Upload link's token and
 * its public upload (2.3), and the activity trail with its xlsx download. Every call in both
 * contexts with READ and WRITE, and tenant scoping.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, FILE_UPLOAD_LINK_CODES, FILE_UPLOAD_TOKEN_TTL_MS, ROLE_IDS, UPLOAD_MSG, businessDate, type ActivityTrailResult, type VendorCard } from '@portal/domain';
import { buildApp, spaCsp } from '../src/app.js';
import { frameOrigins, manageDashboards } from '../src/features/analytics/index.js';
import { forgetFrameOrigins } from '../src/features/analytics/dashboards.js';
import { setFileUploadLink } from '../src/features/file-link/index.js';
import { createAdmin, createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';
import { insertWorker, uniqueTag } from './workers-fixtures.js';

let env: TestEnv;
/** Employer A: owner (Super Admin), HR Manager, Viewer, Payroll Manager, Vendor Admin bound to v1; two vendors. */
let A: { id: string; name: string; owner: string; ownerId: string; hr: string; viewer: string; payroll: string; vendorAdmin: string; vendorAdminId: string; v1: string; v2: string };
let B: { id: string; owner: string; v1: string };

beforeAll(async () => {
  env = await createTestEnv();
  const a = await createEmployer(env, {
    vendors: [
      { name: 'Swift Staffing', email: 'ops@swift.example', mobile: '9876500000', contractStartDate: '2025-04-01', logoUrl: 'https://cdn.example.com/swift.png' },
      { name: 'Metro Security' },
    ],
  });
  const b = await createEmployer(env);
  const vendorAdmin = await createAdmin(env, a.employer.id, ROLE_IDS.vendorAdmin, a.vendors[0]!.id);
  A = {
    id: a.employer.id,
    name: a.employer.name,
    owner: await signIn(env, a.owner),
    ownerId: a.owner.id,
    hr: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.hrManager)),
    viewer: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.viewer)),
    payroll: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.payrollManager)),
    vendorAdmin: await signIn(env, vendorAdmin),
    vendorAdminId: vendorAdmin.id,
    v1: a.vendors[0]!.id,
    v2: a.vendors[1]!.id,
  };
  B = { id: b.employer.id, owner: await signIn(env, b.owner), v1: b.vendors[0]!.id };
  // Workers: 3 in v1, 1 in v2, 2 of the employer's own.
  for (const [vendor, n] of [[A.v1, 3], [A.v2, 1], [null, 2]] as const) {
    for (let i = 0; i < n; i++) await insertWorker(env, { employer_id: A.id, vendor_id: vendor, full_name: `Worker ${uniqueTag()}`, employer_worker_id: `W-${uniqueTag()}` });
  }
}, 60_000);
afterAll(() => env.close());

describe('GET /employer-admin/vendors', () => {
  const list = (token: string) => env.call<VendorCard[]>('GET', '/employer-admin/vendors', { token });

  it("lists the employer's vendors with their details and employees count", async () => {
    const r = await list(A.owner);
    expect(r.status).toBe(200);
    expect(r.body.map((c) => c.vendor.name)).toEqual(['Metro Security', 'Swift Staffing']);
    const swift = r.body.find((c) => c.vendor._id === A.v1)!;
    expect(swift).toEqual({
      vendor: {
        _id: A.v1,
        name: 'Swift Staffing',
        vendorInfo: { logoUrl: 'https://cdn.example.com/swift.png', email: 'ops@swift.example', mobileNumber: '9876500000', contractStartDate: '2025-04-01' },
      },
      employeesCount: 3,
    });
    const metro = r.body.find((c) => c.vendor._id === A.v2)!;
    expect(metro.vendor.vendorInfo).toEqual({ logoUrl: null, email: null, mobileNumber: null, contractStartDate: null });
    expect(metro.employeesCount).toBe(1);
  });

  it('is READ on any vendor resource: the Viewer and the Payroll Manager see them, the HR Manager too', async () => {
    for (const token of [A.viewer, A.payroll, A.hr]) expect((await list(token)).body).toHaveLength(2);
  });

  it('gives a vendor-bound admin its own vendor only', async () => {
    const r = await list(A.vendorAdmin);
    expect(r.status).toBe(200);
    expect(r.body.map((c) => c.vendor._id)).toEqual([A.v1]);
  });

  it('never shows another employer\'s vendors', async () => {
    const r = await list(B.owner);
    expect(r.body.map((c) => c.vendor._id)).not.toContain(A.v1);
    expect(r.body.map((c) => c.vendor._id)).toContain(B.v1);
  });

  it('answers 403 to an admin without any vendor resource, and 401 without a session', async () => {
    const noVendors = await signIn(env, await createAdmin(env, A.id, ROLE_IDS.viewer));
    // A Viewer whose role lost its vendor resources: a custom role with employer resources only.
    await env.deps.db
      .insertInto('roles')
      .values({ id: '00000000-0000-4000-8000-0000000000e1', name: 'Employer only', role_type: 'EMPLOYER', description: 'test', resources: JSON.stringify({ EMPLOYER_PORTAL_EMPLOYEES: ['READ'] }) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const me = await env.call('GET', '/employer-admin', { token: noVendors });
    await env.deps.db.updateTable('admins').set({ role_ids: ['00000000-0000-4000-8000-0000000000e1'] }).where('id', '=', me.body._id).execute();
    const r = await list(noVendors);
    expect(r.status).toBe(403);
    expect((r.body as unknown as { message: { code: string } }).message.code).toBe(ERROR_CODES.forbidden);
    expect((await env.call('GET', '/employer-admin/vendors')).status).toBe(401);
  });
});

describe('GET /employer-admin/activity with vendorId (vendor settings: the vendor admins\' activities)', () => {
  it("lists the vendor's activities to its admins and never another vendor's", async () => {
    const invited = await env.call('POST', '/employer-admin/create-employer-admin', {
      token: A.vendorAdmin,
      query: { vendorId: A.v1 },
      body: { name: 'Vendor Helper', mobile: '9812345670', email: `helper-${uniqueTag()}@example.com`, branchLocation: 'Pune', roleId: ROLE_IDS.vendorViewer },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const own = await env.call('GET', '/employer-admin/activity', { token: A.vendorAdmin, query: { vendorId: A.v1 } });
    expect(own.status).toBe(200);
    expect(own.body.activities.map((a: { actionType: string }) => a.actionType)).toContain('ADMIN_INVITED');
    expect(own.body.employerAdminsDetails.map((a: { _id: string }) => a._id)).toContain(A.vendorAdminId);
    const other = await env.call('GET', '/employer-admin/activity', { token: A.owner, query: { vendorId: A.v2 } });
    expect(other.body.activities).toEqual([]);
    expect((await env.call('GET', '/employer-admin/activity', { token: A.vendorAdmin, query: { vendorId: A.v2 } })).status).toBe(403);
    expect((await env.call('GET', '/employer-admin/activity', { token: B.owner, query: { vendorId: A.v1 } })).status).toBe(403);
  });
});

describe('GET /employer-admin/external/dashboards and the CSP', () => {
  it('is empty ("No data") until an operator adds one, then lists them in order', async () => {
    const empty = await env.call('GET', '/employer-admin/external/dashboards', { token: A.viewer });
    expect(empty).toEqual({ status: 200, body: [] });
    await manageDashboards(env.deps.db, A.id, { add: 'Attrition|https://bi.example.com/embed/attrition?theme=light' });
    await manageDashboards(env.deps.db, A.id, { add: ' Headcount | https://charts.example.org/d/42 ' });
    const r = await env.call('GET', '/employer-admin/external/dashboards', { token: A.viewer });
    expect(r.body).toEqual([
      { description: 'Attrition', embeddedLink: 'https://bi.example.com/embed/attrition?theme=light' },
      { description: 'Headcount', embeddedLink: 'https://charts.example.org/d/42' },
    ]);
    // Another employer's admins never see them; a vendor has none.
    expect((await env.call('GET', '/employer-admin/external/dashboards', { token: B.owner })).body).toEqual([]);
    expect((await env.call('GET', '/employer-admin/external/dashboards', { token: A.vendorAdmin, query: { vendorId: A.v1 } })).body).toEqual([]);
    expect((await env.call('GET', '/employer-admin/external/dashboards', { token: A.vendorAdmin })).status).toBe(403);
    expect((await env.call('GET', '/employer-admin/external/dashboards', { token: A.owner, query: { vendorId: B.v1 } })).status).toBe(403);
  });

  it('refuses links that are not https, and removes by number or link', async () => {
    for (const bad of ['Plain|http://bi.example.com/x', 'Script|javascript:alert(1)', 'Creds|https://u:p@bi.example.com/', 'no bar', '|https://bi.example.com/']) {
      await expect(manageDashboards(env.deps.db, B.id, { add: bad })).rejects.toThrow(/--add/);
    }
    await manageDashboards(env.deps.db, B.id, { add: 'One|https://one.example.com/' });
    await manageDashboards(env.deps.db, B.id, { add: 'Two|https://two.example.com/' });
    expect((await manageDashboards(env.deps.db, B.id, { remove: '1' })).items.map((i) => i.description)).toEqual(['Two']);
    expect((await manageDashboards(env.deps.db, B.id, { remove: 'https://two.example.com/' })).items).toEqual([]);
    await expect(manageDashboards(env.deps.db, B.id, { remove: '3' })).rejects.toThrow(/--remove/);
  });

  it("builds the SPA's frame-src from the configured origins only", async () => {
    forgetFrameOrigins();
    const origins = await frameOrigins(env.deps.db);
    expect(origins).toEqual(expect.arrayContaining(['https://bi.example.com', 'https://charts.example.org']));
    expect(origins.every((o) => o.startsWith('https://'))).toBe(true);
    expect(spaCsp([])).toContain("frame-src 'none'");
    expect(spaCsp(['https://bi.example.com'])).toContain('frame-src https://bi.example.com');
    expect(spaCsp(['https://bi.example.com'])).toContain("frame-ancestors 'none'");
  });

  it('sends that CSP with the HTML of the SPA', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
    const app = await buildApp({ ...env.deps, config: { ...env.deps.config, webDist: dist } }, { logger: false, serveSpa: true });
    try {
      const res = await app.inject({ method: 'GET', url: '/analytics-dashboard' });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/bi\.example\.com/);
      expect(csp).not.toMatch(/frame-src [^;]*http:\/\//);
    } finally {
      await app.close();
    }
  });
});

describe('the File Upload link', () => {
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  async function linkUpload(token: string, file: Buffer, fileName: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), fileName);
    const res = await fetch(`${env.baseUrl}/api/file-upload/raw?token=${encodeURIComponent(token)}`, { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as any };
  }
  const newToken = (session: string, query?: Record<string, string>) => env.call('POST', '/employer-admin/file-upload-token', { token: session, query });

  it('is refused while the employer has not the link enabled', async () => {
    await setFileUploadLink(env.deps.db, A.id, false);
    const r = await newToken(A.owner);
    expect(r.status).toBe(403);
    expect(r.body.message.code).toBe(FILE_UPLOAD_LINK_CODES.disabled);
  });

  it('gives WRITE on RAW_FILES a 10-minute token and a link to the standalone page; READ only is refused', async () => {
    await setFileUploadLink(env.deps.db, A.id, true);
    const before = Date.now();
    const r = await newToken(A.hr);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.url).toBe(`${env.deps.config.publicUrl}/file-upload?token=${encodeURIComponent(r.body.token)}`);
    const ttl = Date.parse(r.body.expiresAt) - before;
    expect(ttl).toBeGreaterThan(FILE_UPLOAD_TOKEN_TTL_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(FILE_UPLOAD_TOKEN_TTL_MS + 1_000);
    expect((await newToken(A.viewer)).status).toBe(403);
    expect((await newToken(A.vendorAdmin)).status).toBe(403); // a vendor-bound admin outside its vendor
    expect((await newToken(A.owner, { vendorId: B.v1 })).status).toBe(403);
  });

  it('uploads a raw file as the admin the token names, listed in the raw files with an activity row', async () => {
    const { body } = await newToken(A.hr);
    const up = await linkUpload(body.token, pdf, 'through-link.pdf');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.status).toBe('PROCESSED');
    const files = await env.call('GET', '/employer-admin/file/list', { token: A.owner });
    expect(files.body.files.map((f: { fileName: string }) => f.fileName)).toContain('through-link.pdf');
    const row = await env.deps.db.selectFrom('document_uploads').select(['admin_id', 'employer_id', 'vendor_id', 'doc_type']).where('id', '=', up.body._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ employer_id: A.id, vendor_id: null, doc_type: 'RAW_FILE' });
  });

  it('in vendor context the token is bound to the vendor', async () => {
    const { status, body } = await newToken(A.vendorAdmin, { vendorId: A.v1 });
    expect(status).toBe(200);
    const up = await linkUpload(body.token, pdf, 'vendor-link.pdf');
    expect(up.status).toBe(201);
    const row = await env.deps.db.selectFrom('document_uploads').select(['vendor_id']).where('id', '=', up.body._id).executeTakeFirstOrThrow();
    expect(row.vendor_id).toBe(A.v1);
  });

  it('refuses an expired token', async () => {
    const { body } = await newToken(A.owner);
    env.clock.advance(FILE_UPLOAD_TOKEN_TTL_MS + 1_000);
    try {
      const up = await linkUpload(body.token, pdf, 'late.pdf');
      expect(up.status).toBe(403);
      expect(up.body.message.code).toBe(FILE_UPLOAD_LINK_CODES.invalid);
    } finally {
      env.clock.advance(-(FILE_UPLOAD_TOKEN_TTL_MS + 1_000));
    }
  });

  it('refuses a tampered token: another admin, another employer, a later expiry, a changed signature', async () => {
    const { body } = await newToken(A.owner);
    const [payload, signature] = (body.token as string).split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forge = (change: Record<string, unknown>) => `${Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url')}.${signature}`;
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    for (const token of [forge({ a: A.vendorAdminId }), forge({ e: B.id }), forge({ x: claims.x + 86_400_000 }), `${payload}.${flipped}`, 'not-a-token', '']) {
      const up = await linkUpload(token, pdf, 'forged.pdf');
      expect([400, 403], token).toContain(up.status);
    }
    // The genuine one still works.
    expect((await linkUpload(body.token, pdf, 'genuine.pdf')).status).toBe(201);
  });

  it('takes raw-file types only, with the same checks at the door', async () => {
    const { body } = await newToken(A.owner);
    const png = await linkUpload(body.token, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'picture.png');
    expect(png.status).toBe(400);
    expect(png.body.message.description).toBe(UPLOAD_MSG.formatError('pdf, csv, doc, docx, xlsx, xls'));
    const fakePdf = await linkUpload(body.token, Buffer.from('MZ this is an exe'), 'report.pdf');
    expect(fakePdf.status).toBe(400);
  });

  it('is no session: the token opens no other call, and a removed admin\'s token stops working', async () => {
    const { body } = await newToken(A.hr);
    expect((await env.call('GET', '/employer-admin', { token: body.token })).status).toBe(401);
    const helper = await createAdmin(env, A.id, ROLE_IDS.hrManager);
    const t = (await newToken(await signIn(env, helper))).body.token as string;
    await env.deps.db.updateTable('admins').set({ status: 'REMOVED' }).where('id', '=', helper.id).execute();
    expect((await linkUpload(t, pdf, 'gone.pdf')).status).toBe(403);
  });
});

describe('the activity trail', () => {
  const today = () => businessDate(new Date());
  const trail = (token: string, query: Record<string, string | undefined> = {}) =>
    env.call<ActivityTrailResult>('GET', '/employer-admin/activity/trail', { token, query: { startDate: today(), endDate: today(), ...query } });

  it('lists every action of the employer and its vendors with actor, context, action, target and time', async () => {
    const r = await trail(A.owner);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.total).toBeGreaterThan(0);
    const invite = r.body.activities.find((a) => a.actionType === 'ADMIN_INVITED')!;
    expect(invite).toMatchObject({ action: 'Admin invited', target: 'Admin: Vendor Helper', context: { kind: 'VENDOR', name: 'Swift Staffing' } });
    expect(invite.actor._id).toBe(A.vendorAdminId);
    const upload = r.body.activities.find((a) => a.target.includes('through-link.pdf'))!;
    expect(upload.context).toEqual({ kind: 'EMPLOYER', name: A.name });
    expect(r.body.actors.map((a) => a._id)).toEqual(expect.arrayContaining([A.vendorAdminId]));
  });

  it('filters by actor and date range, and pages', async () => {
    const mine = await trail(A.owner, { actorId: A.vendorAdminId });
    expect(mine.body.activities.every((a) => a.actor._id === A.vendorAdminId)).toBe(true);
    const yesterday = businessDate(new Date(Date.now() - 86_400_000));
    expect((await trail(A.owner, { startDate: yesterday, endDate: yesterday })).body.total).toBe(0);
    const all = await trail(A.owner);
    const page1 = await trail(A.owner, { limit: '1', pageNumber: '1' });
    const page2 = await trail(A.owner, { limit: '1', pageNumber: '2' });
    expect(page1.body.total).toBe(all.body.total);
    expect(page1.body.activities[0]!._id).toBe(all.body.activities[0]!._id);
    expect(page2.body.activities[0]!._id).toBe(all.body.activities[1]!._id);
    expect((await trail(A.owner, { startDate: today(), endDate: yesterday })).status).toBe(400);
  });

  it('in vendor context shows that vendor only; READ on ADMIN is needed; other tenants see nothing', async () => {
    const v = await trail(A.vendorAdmin, { vendorId: A.v1 });
    expect(v.status).toBe(200);
    expect(v.body.activities.length).toBeGreaterThan(0);
    expect(v.body.activities.every((a) => a.context.kind === 'VENDOR' && a.context.name === 'Swift Staffing')).toBe(true);
    expect((await trail(A.vendorAdmin)).status).toBe(403);
    expect((await trail(A.vendorAdmin, { vendorId: A.v2 })).status).toBe(403);
    expect((await trail(A.payroll)).status).toBe(403); // no EMPLOYER_PORTAL_ADMIN
    expect((await trail(A.viewer)).status).toBe(200);
    expect((await trail(B.owner, { vendorId: A.v1 })).status).toBe(403);
    const b = await trail(B.owner);
    expect(b.body.activities.some((a) => a.actor._id === A.ownerId || a.actor._id === A.vendorAdminId)).toBe(false);
  });

  it('downloads activity-trail.xlsx with the filtered rows, formula-safe', async () => {
    // A stored action type that a spreadsheet would read as a formula.
    await env.deps.db
      .insertInto('activities')
      .values({ employer_id: A.id, admin_id: A.ownerId, action_type: '=1+2', target_type: null, target_id: null, details: JSON.stringify({}) })
      .execute();
    const res = await fetch(`${env.baseUrl}/api/employer-admin/activity/export?startDate=${today()}&endDate=${today()}&actorId=${A.ownerId}`, {
      headers: { authorization: `Bearer ${A.viewer}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('activity-trail.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Time (IST)', 'Actor', 'Context', 'Action', 'Target']);
    expect(sheet.rowCount).toBeGreaterThan(1);
    const top = sheet.getRow(2);
    expect(top.getCell(4).value).toBe("'=1+2");
    expect(top.getCell(4).type).not.toBe(ExcelJS.ValueType.Formula);
    expect(String(top.getCell(1).value)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
    for (let r = 2; r <= sheet.rowCount; r++) expect(String(sheet.getRow(r).getCell(2).value)).toContain('Owner Admin');
    expect((await env.call('GET', '/employer-admin/activity/export', { token: A.payroll, query: { startDate: today(), endDate: today() } })).status).toBe(403);
  });
});
