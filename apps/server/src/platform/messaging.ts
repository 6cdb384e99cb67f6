/**
 * Mail and SMS. Real adapters behind one interface each: SMTP (nodemailer, SMTP_URL) and an HTTP
 * SMS provider (SMS_URL); without them, the dev outbox, which stores every message in PostgreSQL,
 * prints it to the log and lists it at /dev/outbox. The outbox is never used in production mode.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './database.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
export interface Sms {
  to: string; // E.164, +91...
  text: string;
}
export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

export class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
}

/** POSTs { to, text } as JSON with a bearer token; any 2xx is accepted. */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string | null,
  ) {}
  async send(sms: Sms): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ to: sms.to, text: sms.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  }
}

export class DevOutbox implements Mailer, SmsSender {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger | Console,
    private readonly channel: 'EMAIL' | 'SMS',
  ) {}
  async send(message: Mail | Sms): Promise<void> {
    const subject = 'subject' in message ? message.subject : null;
    const body = 'text' in message ? message.text : '';
    await this.db.insertInto('outbox_messages').values({ channel: this.channel, recipient: message.to, subject, body }).execute();
    this.log.info({ outbox: this.channel, to: message.to, subject }, `[dev outbox] ${this.channel} to ${message.to}: ${subject ?? ''}\n${body}`);
  }
}
