/** Shared steps for the journeys: the dev outbox, a sign-in that skips the UI, and axe. */
import { execFileSync } from 'node:child_process';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const DEMO = {
  password: 'Sunrise-Demo-2026',
  superAdmin: { email: 'priya.sharma@sunrise-textiles.example', mobile: '9876543210', name: 'Priya Sharma' },
  viewer: { email: 'arjun.mehta@sunrise-textiles.example', mobile: '9123456780', name: 'Arjun Mehta' },
  vendorAdmin: { email: 'kavita.rao@swift-staffing.example', mobile: '8899776655', name: 'Kavita Rao' },
} as const;

export interface OutboxMessage {
  channel: 'EMAIL' | 'SMS';
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** Waits for a message to `to` newer than `since` and returns it. */
export async function waitForMessage(request: APIRequestContext, to: string, since: Date, match: RegExp = /./): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox(request, to)).find((m) => new Date(m.createdAt) >= since && match.test(`${m.subject ?? ''}\n${m.body}`));
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export const codeIn = (sms: OutboxMessage): string => /\b(\d{6})\b/.exec(sms.body)![1]!;
export const linkIn = (mail: OutboxMessage): string => /(https?:\/\/\S+)/.exec(mail.body)![1]!;

/** Signs in over the API (password + SMS code) and stores the token before the app loads. */
export async function signInViaApi(page: Page, who: { email: string; mobile: string }, password: string = DEMO.password): Promise<string> {
  const since = new Date(Date.now() - 1000);
  const first = await page.request.post('/api/auth/sign-in', { data: { email: who.email, password } });
  expect(first.status()).toBe(200);
  const { resolverToken } = (await first.json()) as { resolverToken: string };
  const sms = await waitForMessage(page.request, `+91${who.mobile}`, since);
  const second = await page.request.post('/api/auth/mfa/verify', { data: { resolverToken, code: codeIn(sms) } });
  expect(second.status()).toBe(200);
  const { token } = (await second.json()) as { token: string };
  await page.addInitScript((t) => window.localStorage.setItem('portal.token', t), token);
  return token;
}

/**
 * No serious or critical axe violation on the page as it stands, once its transitions have ended:
 * a toast half faded in or out has a contrast no reader ever sees at rest (it once failed a run).
 * Endless animations (spinners) are not waited for, and no wait lasts over 2 s.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([Promise.allSettled(ending.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Fresh admins, so that journeys which change passwords or phones leave the demo accounts alone.
// ---------------------------------------------------------------------------------------------

/** The seeded role ids (packages/domain/src/roles.ts). */
export const ROLES = {
  superAdmin: '00000000-0000-4000-8000-000000000001',
  hrManager: '00000000-0000-4000-8000-000000000002',
  payrollManager: '00000000-0000-4000-8000-000000000003',
  viewer: '00000000-0000-4000-8000-000000000004',
  vendorAdmin: '00000000-0000-4000-8000-000000000011',
  vendorViewer: '00000000-0000-4000-8000-000000000012',
} as const;

export interface NewAdmin {
  name: string;
  email: string;
  mobile: string;
  branchLocation: string;
  roleId: string;
}

let serial = 0;
/** A name, e-mail and mobile no other test (nor an earlier run against the same data) uses. */
export function uniqueAdmin(label: string, roleId: string = ROLES.hrManager): NewAdmin {
  serial += 1;
  const stamp = `${Date.now()}${serial}`;
  const digits = (stamp + String(Math.floor(Math.random() * 1e9)).padStart(9, '0')).slice(-9);
  const letters = stamp.slice(-6).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  return {
    name: `${label} ${letters[0]!.toUpperCase()}${letters.slice(1)}`,
    email: `e2e.${label.toLowerCase().replace(/[^a-z]/g, '')}.${stamp}@example.com`,
    mobile: `7${digits}`,
    branchLocation: 'Surat',
    roleId,
  };
}

/** Password sign-in plus SMS code over the API; returns the bearer token of a full session. */
export async function apiSignIn(request: APIRequestContext, who: { email: string; mobile: string }, password: string = DEMO.password): Promise<string> {
  const first = await request.post('/api/auth/sign-in', { data: { email: who.email, password } });
  expect(first.status(), await first.text()).toBe(200);
  const { resolverToken } = (await first.json()) as { resolverToken: string };
  // The code is in the outbox before the answer arrives; the newest message is this attempt's.
  const [sms] = await outbox(request, `+91${who.mobile}`);
  const second = await request.post('/api/auth/mfa/verify', { data: { resolverToken, code: codeIn(sms!) } });
  expect(second.status(), await second.text()).toBe(200);
  return ((await second.json()) as { token: string }).token;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The demo Super Admin invites `admin` over the API; returns when the invitation mail is in the outbox. */
export async function inviteViaApi(request: APIRequestContext, admin: NewAdmin): Promise<OutboxMessage> {
  const since = new Date(Date.now() - 1000);
  const token = await apiSignIn(request, DEMO.superAdmin);
  const res = await request.post('/api/employer-admin/create-employer-admin', {
    headers: bearer(token),
    data: { name: admin.name, mobile: admin.mobile, email: admin.email, branchLocation: admin.branchLocation, roleId: admin.roleId },
  });
  expect(res.status(), await res.text()).toBe(200);
  await request.post('/api/auth/logout', { headers: bearer(token) });
  return waitForMessage(request, admin.email, since, /invited/i);
}

/** An invited admin who has signed up and verified the e-mail, but has no second factor yet. */
export async function createVerifiedAdmin(request: APIRequestContext, admin: NewAdmin, password: string): Promise<void> {
  const invitation = await inviteViaApi(request, admin);
  const inviteToken = new URL(linkIn(invitation)).searchParams.get('invite');
  const since = new Date(Date.now() - 1000);
  const signUp = await request.post('/api/auth/sign-up', { data: { email: admin.email, password, inviteToken } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const verifyMail = await waitForMessage(request, admin.email, since, /verify/i);
  const oobCode = new URL(linkIn(verifyMail)).searchParams.get('oobCode');
  const verify = await request.post('/api/auth/email/verify', { data: { oobCode } });
  expect(verify.status(), await verify.text()).toBe(200);
}

/** A ready admin: signed up, verified, and with the invited mobile enrolled as second factor. */
export async function createReadyAdmin(request: APIRequestContext, admin: NewAdmin, password: string): Promise<void> {
  await createVerifiedAdmin(request, admin, password);
  const signIn = await request.post('/api/auth/sign-in', { data: { email: admin.email, password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const start = await request.post('/api/auth/mfa/enroll/start', { headers: bearer(token), data: { phone: admin.mobile } });
  expect(start.status(), await start.text()).toBe(200);
  const { verificationId } = (await start.json()) as { verificationId: string };
  const [sms] = await outbox(request, `+91${admin.mobile}`);
  const enrol = await request.post('/api/auth/mfa/enroll/verify', { headers: bearer(token), data: { verificationId, code: codeIn(sms!) } });
  expect(enrol.status(), await enrol.text()).toBe(200);
  const { token: full } = (await enrol.json()) as { token: string };
  await request.post('/api/auth/logout', { headers: bearer(full) });
}

/** Types `code` into the six boxes of the code page, one key at a time. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

/** Pastes `text` into a box of the code page, as the clipboard would. */
export async function pasteInto(page: Page, boxName: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name: boxName }).evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** "Good morning, Priya Sharma" and its afternoon and evening forms. */
export const greetingFor = (name: string): RegExp => new RegExp(`^Good (morning|afternoon|evening), ${name}$`);

/** A form field by its visible label, exactly, whether or not the label carries the required " *". */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/**
 * Like signInViaApi, but stores the token once instead of on every page load, for journeys in which
 * the app itself replaces the token (password change) and the page is then reloaded.
 */
export async function signInOnceViaApi(page: Page, who: { email: string; mobile: string }, password: string = DEMO.password): Promise<string> {
  const token = await apiSignIn(page.request, who, password);
  await page.goto('/forgotPassword'); // any signed-out page of the portal's origin
  await page.evaluate((t) => window.localStorage.setItem('portal.token', t), token);
  return token;
}

/** Waits until no finite CSS transition or animation is running (modals, collapses, toasts fading in). */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

// exceljs runs in a plain Node process: the test runner's module loader cannot load its CommonJS dependencies.

/** Writes an xlsx of `rows` (first row the header) with exceljs. */
export function writeXlsx(file: string, rows: (string | number)[][]): void {
  const script = `
    const ExcelJS = require('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    for (const row of JSON.parse(process.argv[2])) ws.addRow(row);
    wb.xlsx.writeFile(process.argv[1]).catch((e) => { console.error(e); process.exit(1); });`;
  execFileSync(process.execPath, ['-e', script, file, JSON.stringify(rows)]);
}

/** The first sheet's rows as plain values (rich text joined, numbers as numbers). */
export function readXlsx(file: string): unknown[][] {
  const script = `
    const ExcelJS = require('exceljs');
    const wb = new ExcelJS.Workbook();
    wb.xlsx.readFile(process.argv[1]).then(() => {
      const rows = [];
      wb.worksheets[0].eachRow((row) => rows.push(row.values.slice(1).map((v) => (v && typeof v === 'object' && 'richText' in v ? v.richText.map((t) => t.text).join('') : v))));
      process.stdout.write(JSON.stringify(rows));
    });`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script, file], { encoding: 'utf8' })) as unknown[][];
}

/**
 * Closes every upload outcome notice of the signed-in admin (through the API, as the close button
 * does): journeys sharing the demo admin leave theirs behind, and a screen under test should not
 * carry another journey's notice.
 */
export async function closeUploadOutcomes(page: Page, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const open = await page.request.get('/api/employer-admin/upload-outcomes', { headers });
  expect(open.status()).toBe(200);
  for (const o of ((await open.json()) as { outcomes: { _id: string }[] }).outcomes) {
    const r = await page.request.post(`/api/employer-admin/upload-outcomes/${o._id}/dismiss`, { headers });
    expect(r.status()).toBeLessThan(300);
  }
}
