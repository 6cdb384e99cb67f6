/**
 * What the request log may not hold (issue 15, security 4): the secrets that travel in URLs —
 * password-reset and e-mail codes (`oobCode`), invitation and File Upload tokens (`token`), the
 * agreement link's `signature` — are replaced by [REDACTED], keeping the parameter's name.
 */
const SECRET_PARAM = /^(oobcode|token|.*token|code|signature|secret|password|key|apikey|api_key)$/i;
export const REDACTED = '[REDACTED]';

/** The URL with every secret query parameter's value replaced; anything unreadable is cut at '?'. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  const parts = url.slice(q + 1).split('&');
  return `${path}?${parts
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq < 0 ? part : part.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        return REDACTED;
      }
      return SECRET_PARAM.test(name) && eq >= 0 ? `${rawName}=${REDACTED}` : part;
    })
    .join('&')}`;
}

/** pino's request serializer for Fastify, with the URL redacted. */
export function requestSerializer(request: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's logger settings (main and tests alike): the level, redacted request URLs, optionally another destination. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return { level, serializers: { req: requestSerializer }, ...(stream ? { stream } : {}) };
}
