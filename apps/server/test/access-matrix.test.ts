/**
 * The access matrix, built from the route table (shared/security.md, Access): every /api route x
 * (no token, enrolment-only session, each seeded role, employer and vendor context, another
 * employer's vendor, a vendor-bound admin). A new route is covered without anyone remembering.
 *
 * How the route table is read: Fastify exposes no list of routes with their config after the app
 * is built (`printRoutes` prints paths and methods but not `config.access`), and `buildApp`
 * creates the instance itself, so an `onRoute` hook cannot be added from outside in time. This
 * file therefore mocks the `fastify` module with a wrapper that adds an `onRoute` collector to
 * every instance it creates, before any route registers. The collected table is cross-checked
 * against `printRoutes()`, so a route the collector missed fails the test.
 *
 * Routes with a required body or query get a valid example below (checked against the route's
 * own schema), so that each call reaches the guard and not the validator; a new route with a
 * required body and no example fails the test until one is added.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, NOT_FOR_THIS_CALLER_CODE, ROLE_IDS, SEED_ROLES, type AccessType, type Area, type Resource, type ResourceMap } from '@portal/domain';
import type { AccessRule } from '../src/platform/guard.js';
import { createAdmin, createEmployer, createTestEnv, createUnenrolledAdmin, enrolmentToken, signIn, uniqueEmail, uniqueMobile, type TestEnv } from './harness.js';

interface CollectedRoute {
  method: string;
  url: string;
  access: AccessRule | undefined;
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
  /** For an `entity` rule (the approval calls, decision 0024): the entity type this case sends. */
  entityType?: 'WORKER' | 'TRANSACTION';
}
const collected = vi.hoisted(() => [] as CollectedRoute[]);

vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const original = mod.default as unknown as (...args: unknown[]) => import('fastify').FastifyInstance;
  const wrapped = (...args: unknown[]) => {
    const app = original(...args);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        collected.push({ method, url: route.url, access: route.config?.access, schema: route.schema });
      }
    });
    return app;
  };
  Object.assign(wrapped, original);
  return { ...mod, default: wrapped, fastify: wrapped };
});

// Top-level await: the test cases are generated from the routes this app registers.
const env: TestEnv = await createTestEnv();
afterAll(() => env.close());

const apiRoutes = collected.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** Routes anyone may call. A new public route must be added here on purpose. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/dev/outbox',
  'POST /api/auth/sign-in',
  'POST /api/auth/sign-up',
  'POST /api/auth/email/resend',
  'POST /api/auth/email/verify',
  'POST /api/auth/password-reset/request',
  'POST /api/auth/password-reset/verify',
  'POST /api/auth/password-reset/confirm',
  'POST /api/auth/mfa/resend',
  'POST /api/auth/mfa/verify',
  // The signed agreement link (employee profile): the HMAC signature and 5-minute expiry are its authorisation.
  'GET /api/agreement-documents/:id',
  // Sample sheets (spec 2.8): column headers and made-up example rows, no data of anyone.
  'GET /api/samples/:fileName',
  // The bank's webhooks (payouts): called by the bank, not a user; the HMAC-SHA256 of the raw body
  // under BANK_WEBHOOK_SECRET is its authorisation (401 without it), and it serves no data.
  'POST /api/webhooks/bank',
  // The File Upload link's upload (spec 2.3, decision 0017): opened in a tab without the session;
  // its authorisation is the 10-minute HMAC token in the query, checked before the body is read.
  'POST /api/file-upload/raw',
];

/** The current month's first day to today, as business dates (Asia/Kolkata). */
function thisMonthSoFar(): Record<string, string> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  return { startDate: `${today.slice(0, 7)}-01`, endDate: today };
}

/** Valid inputs for routes whose schema needs some; bodies chosen so a call that gets through changes nothing important. */
const EXAMPLES: Record<string, { body?: () => unknown; query?: () => Record<string, string> }> = {
  'POST /api/employer-admin/create-employer-admin': {
    body: () => ({ name: 'Matrix Person', mobile: uniqueMobile(), email: uniqueEmail('matrix'), branchLocation: 'Pune', roleId: ROLE_IDS.viewer }),
  },
  'PUT /api/employer-admin/update-employer-admin': {
    query: () => ({ id: randomUUID() }),
    body: () => ({ name: 'Matrix Person', mobile: uniqueMobile(), email: uniqueEmail('matrix'), branchLocation: 'Pune', roleId: ROLE_IDS.viewer }),
  },
  'GET /api/roles': { query: () => ({ userType: 'EMPLOYER_ADMIN' }) },
  // Issue 26: a read-only key of a fresh name (a call that gets through makes a harmless key).
  'POST /api/employer-admin/api-keys': { body: () => ({ name: `Matrix key ${randomUUID()}`, resources: { EMPLOYER_PORTAL_EMPLOYEES: ['READ'] } }) },
  // Issue 26's bulk writes: an Employee ID that exists nowhere and no Idempotency-Key, so a call that gets through is refused (400) and writes nothing.
  'POST /api/employer-admin/bulk/employees': { body: () => ({ rows: [{ employerEmployeeId: 'NONE' }] }) },
  'POST /api/employer-admin/bulk/terminations': { body: () => ({ rows: [{ employerEmployeeId: 'NONE' }] }) },
  'POST /api/employer-admin/bulk/attendance': { body: () => ({ rows: [{ employerEmployeeId: 'NONE' }] }) },
  'POST /api/employer-admin/bulk/leave': { body: () => ({ rows: [{ employerEmployeeId: 'NONE' }] }) },
  'POST /api/employer-admin/bulk/payroll': { body: () => ({ rows: [{ employerEmployeeId: 'NONE' }] }) },
  'POST /api/employer-admin/webhooks': { body: () => ({ url: 'https://hooks.example.com/matrix', events: ['upload.processed'] }) },
  // The activity trail (decision 0017): today, a valid range.
  'GET /api/employer-admin/activity/trail': { query: () => ({ startDate: thisMonthSoFar().endDate!, endDate: thisMonthSoFar().endDate! }) },
  'GET /api/employer-admin/activity/export': { query: () => ({ startDate: thisMonthSoFar().endDate!, endDate: thisMonthSoFar().endDate! }) },
  'POST /api/auth/mfa/enroll/start': { body: () => ({ phone: uniqueMobile() }) },
  'POST /api/auth/mfa/enroll/verify': { body: () => ({ verificationId: randomUUID(), code: '123456' }) },
  'POST /api/auth/password/change': { body: () => ({ currentPassword: 'not-the-password', newPassword: 'Matrix-New-Pass-1' }) },
  'POST /api/employer-admin/employee': {
    body: () => ({ fullName: 'Matrix Worker', mobile: uniqueMobile(), employerEmployeeId: `MX-${randomUUID().slice(0, 8)}`, currentMonthlySalary: '20000', joiningDate: '2025-04-01' }),
  },
  'PUT /api/v2/employer-admin/employee-paginated-filter-search': { body: () => ({}) },
  'PUT /api/employer-admin/search': { body: () => ({}) },
  // An id that exists nowhere: a call that gets through answers 404 and changes nothing.
  'PATCH /api/employer-admin/employee': { body: () => ({ id: randomUUID(), fullName: 'Matrix Worker' }) },
  'POST /api/employer-admin/employee-field-check': { body: () => ({ field: 'mobile', value: uniqueMobile() }) },
  // Issue 20: an upload that exists nowhere, and a time before any upload: a call that gets through marks nothing.
  'POST /api/employer-admin/upload-outcomes/seen': { body: () => ({ ids: [randomUUID()] }) },
  'POST /api/employer-admin/upload-outcomes/dismiss-all': { body: () => ({ uploadedUntil: '2000-01-01T00:00:00.000Z' }) },
  // Employee IDs that exist nowhere: a call that gets through reports them FAILED and changes nothing.
  'PATCH /api/v2/employer-admin/terminate-employees': { body: () => ({ employerEmployeeIds: [`NONE-${randomUUID()}`] }) },
  'PATCH /api/v2/employer-admin/activate-employees': { body: () => ({ employerEmployeeIds: [`NONE-${randomUUID()}`] }) },
  'PATCH /api/employer-admin/terminate-employee': { body: () => ({ employeeId: randomUUID() }) },
  // Employee profile (spec 2.6): a worker that exists nowhere, so a call that gets through answers 404.
  'GET /api/employer-admin/user': { query: () => ({ employeeId: randomUUID() }) },
  'GET /api/employer-admin/user-document': { query: () => ({ employeeId: randomUUID(), docType: 'selfie_doc' }) },
  'GET /api/employer-admin/transactions': { query: () => ({ employeeId: randomUUID() }) },
  'GET /api/employer-admin/workers/:id/agreements-metadata': { query: () => ({ workerType: 'EMPLOYEE' }) },
  // Transactions and Salary Topups (spec 2.12, 2.13): this month so far in Asia/Kolkata, a valid window.
  'GET /api/employer-admin/transactions-of-workers': { query: () => thisMonthSoFar() },
  'GET /api/employer-admin/transactions-of-workers/report': { query: () => thisMonthSoFar() },
  'GET /api/employer-admin/salary-topup/applications': { query: () => thisMonthSoFar() },
  'GET /api/employer-admin/salary-topup/applications/report': { query: () => thisMonthSoFar() },
  'GET /api/employer-admin/employer-approval/pending-approvals': { query: () => ({ entityType: 'WORKER' }) },
  // Dashboard (spec 7): the caller's own employer id (another one is 404 in the handler).
  'GET /api/employer-admin/salary-topup-stats': { query: () => ({ employerId: employer.id }) },
  // A worker that exists nowhere: a call that gets through answers 403 (approval off) or 404 and changes nothing.
  // Uploads (spec 2.7, 2.8): a history of one type, and a stored document that exists nowhere (404 when the guard lets it through).
  'GET /api/v2/employer-admin/doc-upload-audit-logs': { query: () => ({ docType: 'ATTENDANCE_UPLOAD' }) },
  'GET /api/employer-admin/doc': { query: () => ({ documentType: 'PROCESSED_ATTENDANCE_SHEET', documentId: randomUUID(), employerAdminId: randomUUID() }) },
  // Payroll (spec 7): a month and payroll ids that exist nowhere (404 when the guard lets the call
  // through), and an upload whose file fails the checks at the door (400): nothing is changed.
  'POST /api/employer-admin/payroll/upload-payroll-doc': { body: () => ({ file: Buffer.from('not a workbook').toString('base64'), fileName: 'payroll.xlsx' }) },
  'GET /api/employer-admin/payroll/payroll-details': { query: () => ({ month: '1', year: '2020' }) },
  'POST /api/employer-admin/payroll/employee-payout-details': { body: () => ({ month: 1, year: 2020 }) },
  'GET /api/employer-admin/payroll/missing-workers': { query: () => ({ payrollId: randomUUID() }) },
  'PUT /api/employer-admin/payroll/update-payroll-status': { body: () => ({ payrollId: randomUUID(), status: 'CANCELLED' }) },
  'POST /api/hrAction': { body: () => ({ type: 'FREEZE_PAYROLL', data: { payrollId: randomUUID(), startDate: '2020-01-01', endDate: '2020-01-31' } }) },
  // Execute and re-run (payouts): a payroll that exists nowhere, so a call that gets through answers 404 and moves no money.
  'PUT /api/employer-admin/payroll/execute-payroll': { query: () => ({ payrollId: randomUUID() }) },
  'PUT /api/employer-admin/payroll/reinitiate-failed-transactions': { query: () => ({ payrollId: randomUUID() }) },
  // The streaming-account calls (decision 0022): a month with no payroll, an account that exists nowhere (404 when the guard lets it through).
  'GET /api/employer-admin/payroll/streaming-account/payroll-details': { query: () => ({ month: '1', year: '2020' }) },
  'PUT /api/employer-admin/payroll/streaming-account/execute-payroll': { query: () => ({ streamingAccountId: randomUUID(), month: '1', year: '2020' }) },
  'PUT /api/employer-admin/employer-approval/update-request': {
    body: () => ({ entityId: randomUUID(), entityType: 'WORKER', status: 'REJECTED', modifiedFields: {} }),
  },
};

type Safe = { safeParse: (v: unknown) => { success: boolean } };
const needsInput = (schema: unknown, empty: unknown) => Boolean(schema) && !(schema as Safe).safeParse(empty).success;

/** A request for the route: params filled with fresh uuids, example body and query, plus `extraQuery`. */
function requestFor(route: CollectedRoute, extraQuery: Record<string, string> = {}) {
  const ex = EXAMPLES[key(route)];
  const path = route.url.replace(/^\/api/, '').replace(/:[A-Za-z]+/g, () => randomUUID());
  let body = ex?.body?.();
  const query: Record<string, string> = { ...(ex?.query?.() ?? {}), ...extraQuery };
  // An entity rule's case names its entity type wherever the example does (query or body).
  if (route.entityType) {
    if ('entityType' in query) query.entityType = route.entityType;
    if (body && typeof body === 'object' && 'entityType' in body) body = { ...body, entityType: route.entityType };
  }
  return { method: route.method, path, body, query };
}
async function callAs(route: CollectedRoute, token: string | null, extraQuery: Record<string, string> = {}) {
  const r = requestFor(route, extraQuery);
  return env.call(r.method, r.path, { token, body: r.body, query: r.query });
}

// The test's own statement of which resource an area needs (spec 6), independent of the guard's code.
const AREA_RESOURCE: Record<Area, { employer: Resource; vendor: Resource | null }> = {
  ADMIN: { employer: 'EMPLOYER_PORTAL_ADMIN', vendor: 'EMPLOYER_PORTAL_VENDORS_ADMIN' },
  EMPLOYEES: { employer: 'EMPLOYER_PORTAL_EMPLOYEES', vendor: 'EMPLOYER_PORTAL_VENDORS_EMPLOYEES' },
  PAYROLL: { employer: 'EMPLOYER_PORTAL_PAYROLL', vendor: 'EMPLOYER_PORTAL_VENDORS_PAYROLL' },
  ATTENDANCE: { employer: 'EMPLOYER_PORTAL_ATTENDANCE', vendor: 'EMPLOYER_PORTAL_VENDORS_ATTENDANCE' },
  TRANSACTIONS: { employer: 'EMPLOYER_PORTAL_TRANSACTIONS', vendor: 'EMPLOYER_PORTAL_VENDORS_TRANSACTIONS' },
  RAW_FILES: { employer: 'EMPLOYER_PORTAL_RAW_FILES', vendor: 'EMPLOYER_PORTAL_VENDORS_ADMIN' },
};
const grants = (resources: ResourceMap, resource: Resource | null, need: AccessType) => {
  const held = resource ? (resources[resource] ?? []) : [];
  return held.includes('WRITE') || (need === 'READ' && held.includes('READ'));
};
const anyOf = (resources: ResourceMap, vendor: boolean) =>
  Object.entries(resources).some(([r, held]) => r.includes('_VENDORS_') === vendor && (held?.length ?? 0) > 0);
/** Whether an unbound admin holding `resources` may pass `rule` in the given context. */
function allowed(rule: AccessRule, resources: ResourceMap, vendorContext: boolean, entityType?: 'WORKER' | 'TRANSACTION'): boolean {
  if (rule.kind === 'area') {
    const r = AREA_RESOURCE[rule.area];
    if (!r) throw new Error(`the matrix knows no resource for area ${rule.area}: add it to AREA_RESOURCE`);
    return grants(resources, vendorContext ? r.vendor : r.employer, rule.need);
  }
  if (rule.kind === 'context') return anyOf(resources, vendorContext);
  if (rule.kind === 'document') {
    // Both examples name an attendance document (docType / documentType above).
    const r = AREA_RESOURCE.ATTENDANCE;
    return grants(resources, vendorContext ? r.vendor : r.employer, rule.need);
  }
  if (rule.kind === 'entity') {
    // The approval calls: workers are employees, advances transactions (decision 0024).
    if (!entityType) throw new Error('an entity rule is tested once per entity type');
    const r = AREA_RESOURCE[entityType === 'WORKER' ? 'EMPLOYEES' : 'TRANSACTIONS'];
    return grants(resources, vendorContext ? r.vendor : r.employer, rule.need);
  }
  return true;
}

let employer: { id: string; v1: string; v2: string };
let otherEmployerVendor: string;
/** One fully signed-in, unbound admin per seeded role. */
const roleTokens = new Map<string, string>();
let enrolmentOnly: string;
let vendorBound: string;
/** Issue 26: one API key per seeded role, scoped with the role's resources, and one bound to vendor 1 as a Vendor Admin. */
const roleKeys = new Map<string, string>();
let vendorBoundKey: string;

beforeAll(async () => {
  const e = await createEmployer(env);
  employer = { id: e.employer.id, v1: e.vendors[0]!.id, v2: e.vendors[1]!.id };
  otherEmployerVendor = (await createEmployer(env)).vendors[0]!.id;
  roleTokens.set(ROLE_IDS.superAdmin, await signIn(env, e.owner));
  for (const role of SEED_ROLES) {
    if (role.value === ROLE_IDS.superAdmin) continue;
    roleTokens.set(role.value, await signIn(env, await createAdmin(env, employer.id, role.value)));
  }
  enrolmentOnly = await enrolmentToken(env, await createUnenrolledAdmin(env, employer.id));
  vendorBound = await signIn(env, await createAdmin(env, employer.id, ROLE_IDS.vendorAdmin, employer.v1));
  const makeKey = async (name: string, resources: ResourceMap, vendorId: string | null = null) => {
    const res = await env.call('POST', '/employer-admin/api-keys', { token: roleTokens.get(ROLE_IDS.superAdmin)!, body: { name, resources, vendorId } });
    if (res.status !== 200) throw new Error(`key ${name}: ${JSON.stringify(res.body)}`);
    return res.body.secret as string;
  };
  for (const role of SEED_ROLES) roleKeys.set(role.value, await makeKey(`Matrix ${role.name}`, role.resources));
  vendorBoundKey = await makeKey('Matrix vendor-bound', SEED_ROLES.find((r) => r.value === ROLE_IDS.vendorAdmin)!.resources, employer.v1);
});

describe('the route table', () => {
  it('was collected in full: every /api route that printRoutes shows, and no other', () => {
    const printed = new Set<string>();
    const stack: string[] = [];
    for (const line of env.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
      if (!m) continue;
      const depth = m[1]!.length / 4;
      stack.length = depth;
      const url = (stack[depth - 1] ?? '') + m[2]!;
      stack[depth] = url;
      for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
        if (url.startsWith('/api') && !url.startsWith('/api/docs') && method !== 'HEAD') printed.add(`${method} ${url}`);
      }
    }
    expect(printed.size).toBeGreaterThan(20);
    expect(new Set(apiRoutes.map(key))).toEqual(printed);
  });

  it('gives every /api route an access rule, and only the listed routes are public', () => {
    for (const r of apiRoutes) expect(r.access, key(r)).toBeDefined();
    expect(apiRoutes.filter((r) => r.access?.kind === 'public').map(key).sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('has a valid example for every route whose body or query cannot be empty', () => {
    for (const r of apiRoutes.filter((x) => x.access?.kind !== 'public')) {
      const ex = EXAMPLES[key(r)];
      if (needsInput(r.schema?.body, undefined)) {
        expect(ex?.body, `add an example body for ${key(r)}`).toBeDefined();
        expect((r.schema!.body as Safe).safeParse(ex!.body!()).success, `example body of ${key(r)}`).toBe(true);
      }
      if (needsInput(r.schema?.querystring, {})) {
        expect(ex?.query, `add an example query for ${key(r)}`).toBeDefined();
        expect((r.schema!.querystring as Safe).safeParse(ex!.query!()).success, `example query of ${key(r)}`).toBe(true);
      }
    }
  });
});

const guarded = apiRoutes.filter((r) => r.access && r.access.kind !== 'public');
const needsFullSession = guarded.filter((r) => !(r.access!.kind === 'session' && r.access!.allowUnenrolled));
const scoped = guarded
  .filter((r) => r.access!.kind === 'area' || r.access!.kind === 'context' || r.access!.kind === 'document' || r.access!.kind === 'entity')
  .flatMap((r) => (r.access!.kind === 'entity' ? (['WORKER', 'TRANSACTION'] as const).map((entityType) => ({ ...r, entityType })) : [r]));

describe.each(guarded.map((r) => [key(r), r] as const))('%s', (_name, route) => {
  it('answers 401 without a token, and with an unknown one', async () => {
    for (const token of [null, 'Z'.repeat(43)]) {
      const res = await callAs(route, token);
      expect(res.status, `token ${token}`).toBe(401);
      expect(res.body.message.code).toBe(ERROR_CODES.unauthenticated);
    }
  });
});

const sessionRules = guarded.filter((r) => r.access!.kind === 'session');
describe.each(sessionRules.map((r) => [key(r), r] as const))('%s', (_name, route) => {
  const keys = route.access!.kind === 'session' && route.access!.keys === true;
  it(keys ? 'lets an API key through the guard (reference data of its employer)' : 'answers 403 to an API key: a call for a signed-in admin', async () => {
    const res = await callAs(route, roleKeys.get(ROLE_IDS.superAdmin)!);
    if (keys) expect(res.status, JSON.stringify(res.body)).not.toBe(401);
    if (keys) expect(res.body?.message?.code).not.toBe(ERROR_CODES.forbidden);
    else {
      expect(res.status).toBe(403);
      expect(res.body.message.code).toBe(NOT_FOR_THIS_CALLER_CODE);
    }
  });
});

describe.each(needsFullSession.map((r) => [key(r), r] as const))('%s', (_name, route) => {
  it('answers 403 E11023 to an enrolment-only session', async () => {
    const res = await callAs(route, enrolmentOnly);
    expect(res.status).toBe(403);
    expect(res.body.message.code).toBe(ERROR_CODES.mfaNotEnrolled);
  });
});

describe.each(scoped.map((r) => [`${key(r)} (${JSON.stringify(r.access)}${r.entityType ? ` ${r.entityType}` : ''})`, r] as const))('%s', (_name, route) => {
  const rule = route.access!;
  for (const role of SEED_ROLES) {
    for (const vendorContext of [false, true]) {
      const where = vendorContext ? 'vendor context' : 'employer context';
      const expectAllowed = allowed(rule, role.resources, vendorContext, route.entityType);
      for (const caller of ['admin', 'API key'] as const) {
        it(`${caller === 'admin' ? role.name : `${caller} scoped as ${role.name}`}, ${where}: ${expectAllowed ? 'passes the guard' : '403'}`, async () => {
          const token = caller === 'admin' ? roleTokens.get(role.value)! : roleKeys.get(role.value)!;
          const res = await callAs(route, token, vendorContext ? { vendorId: employer.v1 } : {});
          if (expectAllowed) {
            expect(res.status, JSON.stringify(res.body)).not.toBe(401);
            // A handler may still answer 403 for its own reasons (one's own row, a key managing keys); the guard's 403 has code `forbidden`.
            if (res.status === 403) expect(res.body.message.code).not.toBe(ERROR_CODES.forbidden);
          } else {
            expect(res.status, JSON.stringify(res.body)).toBe(403);
            expect(res.body.message.code).toBe(ERROR_CODES.forbidden);
          }
        });
      }
    }
  }

  it("answers 403 to every role and every role's API key for a vendor of another employer, and for a vendorId that is not an id", async () => {
    for (const role of SEED_ROLES) {
      for (const token of [roleTokens.get(role.value)!, roleKeys.get(role.value)!]) {
        for (const vendorId of [otherEmployerVendor, 'not-a-vendor']) {
          const res = await callAs(route, token, { vendorId });
          expect([400, 403], `${role.name} ${vendorId}`).toContain(res.status);
          if (vendorId === otherEmployerVendor) expect(res.status, role.name).toBe(403);
        }
      }
    }
  });

  it("a vendor-bound admin and a vendor-bound API key: 403 without vendorId and for the employer's other vendor", async () => {
    for (const token of [vendorBound, vendorBoundKey]) {
      expect((await callAs(route, token)).status).toBe(403);
      expect((await callAs(route, token, { vendorId: employer.v2 })).status).toBe(403);
      expect((await callAs(route, token, { vendorId: otherEmployerVendor })).status).toBe(403);
    }
  });
});
