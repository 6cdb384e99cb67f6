/**
 * What the webhooks use cases share (decision 0029): endpoints are managed by a person in the
 * employer's own context, the endpoint's address rule, a new signing secret, and the employer's
 * endpoint by its id.
 */
import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import { WEBHOOK_MSG } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { personInEmployerContext, type AuthContext } from '../../platform/guard.js';
import { isUuid } from '../../platform/ids.js';
import { isPrivateAddress } from '../../platform/egress.js';

/** Endpoints are managed by a person, in the employer's own context: a key never manages them. */
export const humansOnly = (ctx: AuthContext) => personInEmployerContext(ctx, { key: WEBHOOK_MSG.keysCannotManage, vendorContext: WEBHOOK_MSG.employerContextOnly });

const isPrivateHost = (host: string): boolean => {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal')) return true;
  return isIP(h) !== 0 && isPrivateAddress(h);
};

/**
 * An endpoint's address: https on the internet. Outside production a receiver on this machine
 * (http://localhost or 127.0.0.1) is allowed too, for development and the test suite.
 */
export function checkEndpointUrl(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MSG.urlInvalid;
  }
  if (url.username || url.password) return WEBHOOK_MSG.urlInvalid;
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (!production && local && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return WEBHOOK_MSG.urlNotHttps;
  if (isPrivateHost(url.hostname)) return WEBHOOK_MSG.urlPrivate;
  return null;
}

export const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The employer's endpoint by its id (removed ones too), or 404. */
export async function endpointOf(deps: Deps, ctx: AuthContext, id: string) {
  if (!isUuid(id)) throw notFound(WEBHOOK_MSG.notFound);
  const row = await deps.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('employer_id', '=', ctx.admin.employer_id).executeTakeFirst();
  if (!row) throw notFound(WEBHOOK_MSG.notFound);
  return row;
}
