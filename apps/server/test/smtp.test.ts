/**
 * The SMTP path: with SMTP_URL set, mail goes to a real SMTP server (here one started by the
 * test with `smtp-server`) and not to the dev outbox.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/domain';
import { settleBackgroundMail } from '../src/features/auth/background.js';
import { createAdmin, createEmployer, createTestEnv, type TestEnv } from './harness.js';

interface Received {
  from: string | false;
  to: string[];
  raw: string;
}
const received: Received[] = [];
let server: SMTPServer;
let env: TestEnv;

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom && session.envelope.mailFrom.address, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  env = await createTestEnv({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
});
afterAll(async () => {
  await env?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The text of a MIME message: headers dropped, quoted-printable undone. */
function textOf(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(raw)) return body;
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('POST /api/auth/password-reset/request (SMTP)', () => {
  it('sends the reset mail with a working link through the SMTP server, not to the dev outbox', async () => {
    const { employer } = await createEmployer(env);
    const admin = await createAdmin(env, employer.id);
    const res = await env.call('POST', '/auth/password-reset/request', { body: { email: admin.email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `${MSG.resetLinkSent} ${MSG.askAgainIn(60)}` });
    await settleBackgroundMail(); // the link is mailed after the answer

    const mails = received.filter((m) => m.to.includes(admin.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe('no-reply@portal.local');
    expect(mail.raw).toMatch(/^Subject: Reset your Employer Portal password\r?$/m);
    const text = textOf(mail.raw);
    const link = /(\S+)\/auth\/action\?mode=resetPassword&oobCode=([A-Za-z0-9_%-]+)/.exec(text);
    expect(link, text).not.toBeNull();
    expect(link![1]).toBe(env.baseUrl);
    expect(await env.outbox(admin.email)).toHaveLength(0);

    // The link in the mail is the real one.
    const oobCode = decodeURIComponent(link![2]!);
    const check = await env.call('POST', '/auth/password-reset/verify', { body: { oobCode } });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ email: admin.email });
  });

  it('sends nothing for an unknown e-mail', async () => {
    const before = received.length;
    const res = await env.call('POST', '/auth/password-reset/request', { body: { email: 'nobody-smtp@example.com' } });
    expect(res.status).toBe(200);
    await settleBackgroundMail();
    expect(received.length).toBe(before);
  });
});
