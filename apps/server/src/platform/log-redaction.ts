/**
 * What the request log may hold of a URL (issue 22 item 1, decision 0038): the path, and the query
 * parameters known to be harmless, by allow-list. Every other parameter's value is `[redacted]`,
 * whatever its name, spelling or encoding (an invitation's `invite`, a reset's `oobCode`,
 * `oobCode%5B%5D`, `token[]`, a repeated key, a percent-encoded name); a name that is not a plain
 * identifier is itself replaced, since it may be the secret.
 */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are logged: paging, sorting, periods, filters on fixed values and
 * ids of the caller's own records (the spec's routes and the web app's pages). A name that is not
 * here is redacted, so a new parameter is hidden until someone adds it on purpose.
 */
export const LOGGED_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'page',
  'pageNumber',
  'pageSize',
  'limit',
  'sortBy',
  'sortOrder',
  'month',
  'year',
  'startDate',
  'endDate',
  'status',
  'tab',
  'vendorId',
  'payrollId',
  'documentId',
  'employerAdminId',
  'docType',
  'documentType',
  'workerType',
  'entityType',
  'actionType',
  'kind',
  'context',
  'userType',
  'mode',
  'signIn',
  'expires',
]);

const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9_]{0,40}$/;

function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The URL with only allow-listed query values kept; everything else after '?' is `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  const parts = url.slice(q + 1).split('&');
  return `${path}?${parts
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq < 0 ? part : part.slice(0, eq);
      const name = decoded(rawName);
      // Kept only when the name is spelled plainly (no encoding, no brackets) and allowed.
      if (name !== null && name === rawName && LOGGED_QUERY_PARAMS.has(name)) return part;
      if (eq >= 0 && name !== null && name === rawName && PLAIN_NAME.test(name)) return `${name}=${REDACTED}`;
      return REDACTED;
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
