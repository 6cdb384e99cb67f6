/**
 * The File Upload link's token (spec 2.3; decision 0017): stateless, HMAC-SHA256 over what it is
 * bound to (purpose RAW_FILE, employer, admin, vendor context, expiry), with a key derived from the
 * server's key, checked in constant time. Nothing is stored: it works until it expires (10
 * minutes), and every use also checks that the admin may still upload raw files there.
 */
import { createHmac } from 'node:crypto';
import { sameBytes } from '../../platform/secrets.js';

export const TOKEN_PURPOSE = 'RAW_FILE';

export interface UploadTokenClaims {
  employerId: string;
  adminId: string;
  vendorId: string | null;
  /** ms since the epoch */
  expiresAt: number;
}

interface Payload {
  p: typeof TOKEN_PURPOSE;
  e: string;
  a: string;
  v: string | null;
  x: number;
}

const TOKEN_RE = /^([A-Za-z0-9_-]{20,600})\.([A-Za-z0-9_-]{43})$/;

export function createUploadTokens(serverKey: Buffer) {
  // A key of its own, so a token's signature is never a code hash nor an agreement link's.
  const key = createHmac('sha256', serverKey).update('file-upload-link-token').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    sign(claims: UploadTokenClaims): string {
      const payload: Payload = { p: TOKEN_PURPOSE, e: claims.employerId, a: claims.adminId, v: claims.vendorId, x: claims.expiresAt };
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    /** The claims of a genuine, unexpired RAW_FILE token; null for anything else. */
    verify(token: string, now: Date): UploadTokenClaims | null {
      const m = TOKEN_RE.exec(token);
      if (!m) return null;
      const [, body, signature] = m as unknown as [string, string, string];
      if (!sameBytes(mac(body), Buffer.from(signature, 'base64url'))) return null;
      let p: Partial<Payload>;
      try {
        p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Payload>;
      } catch {
        return null;
      }
      if (p.p !== TOKEN_PURPOSE || typeof p.e !== 'string' || typeof p.a !== 'string' || typeof p.x !== 'number') return null;
      if (p.v !== null && typeof p.v !== 'string') return null;
      if (p.x <= now.getTime()) return null;
      return { employerId: p.e, adminId: p.a, vendorId: p.v, expiresAt: p.x };
    },
  };
}
