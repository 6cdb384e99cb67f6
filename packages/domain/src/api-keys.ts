/**
 * API keys (issue 26): an employer's own systems call the portal's routes with a key instead of a
 * session. A key holds resources and access types as a role does (spec 6), optionally bound to one
 * vendor, and passes the same guard as an admin with that scope (decision 0044).
 */
import type { ResourceMap } from './access.js';
import { EMPLOYER_RESOURCES, VENDOR_RESOURCES, type AccessType, type Resource } from './access.js';

/** Every key starts with this, so the guard tells a key from a session token at a glance (and so do secret scanners). */
export const API_KEY_PREFIX = 'epk_';
/** Characters of the key shown in the list (the prefix and the first random ones): enough to tell keys apart, useless to call with. */
export const API_KEY_SHOWN_CHARS = 12;
/** Requests a key may make per minute, counted for the key in PostgreSQL (every API process shares the count). */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
export const API_KEY_NAME_MAX = 60;
/**
 * The error code of a call the guard let through that is for another kind of caller: an API key on
 * a call for a person, keys or webhooks managed with a key or in a vendor's context (403). Kept out
 * of ERROR_CODES, which the sign-in bundle carries: only the server and integrators read it.
 */
export const NOT_FOR_THIS_CALLER_CODE = 'not-for-this-caller';

export const API_KEY_MSG = {
  nameRequired: 'Key name is required',
  nameTooLong: `Key name can have at most ${API_KEY_NAME_MAX} characters`,
  nameTaken: 'An active key already has this name',
  noAccess: 'Choose Read or Write for at least one area',
  beyondOwnAccess: 'A key cannot have access you do not have yourself',
  vendorUnknown: 'The vendor was not found',
  keysCannotManageKeys: 'API keys are created and revoked by an admin in Settings, not with another key',
  invalid: 'This API key is not valid: it was revoked, or the admin who created it no longer has access.',
  employerContextOnly: "API keys are managed in the employer's own Settings, not in a vendor's",
  notForKeys: 'This call is for a signed-in admin, not for an API key',
  created: 'API key created. Copy it now: it is not shown again.',
  revoked: 'API key revoked',
  alreadyRevoked: 'This key was revoked already',
  notFound: 'API key not found',
} as const;

/**
 * The resources a key may name: a key bound to a vendor works only inside it (the vendor resources),
 * as a vendor-bound admin does; an unbound key names any, as a role does (the vendor resources then
 * reach every vendor of the employer).
 */
export const apiKeyResources = (vendorBound: boolean): readonly Resource[] => (vendorBound ? VENDOR_RESOURCES : API_KEY_RESOURCES);
/** Every resource (here, not in access.ts, which the sign-in bundle carries). */
export const API_KEY_RESOURCES: readonly Resource[] = [...EMPLOYER_RESOURCES, ...VENDOR_RESOURCES];

/** A key's scope as the form sends it, checked: only the context's resources, at least one, none beyond the creator's. */
export function checkApiKeyScope(resources: ResourceMap, vendorBound: boolean, creator: ResourceMap): string | null {
  const allowed = new Set<string>(apiKeyResources(vendorBound));
  const entries = Object.entries(resources).filter(([, types]) => (types?.length ?? 0) > 0) as [Resource, readonly AccessType[]][];
  if (entries.length === 0 || entries.some(([r]) => !allowed.has(r))) return API_KEY_MSG.noAccess;
  for (const [r, types] of entries) {
    const held = creator[r] ?? [];
    for (const t of types) if (!(held.includes('WRITE') || held.includes(t))) return API_KEY_MSG.beyondOwnAccess;
  }
  return null;
}

/** What a key's scope says in a list: "Employees: Write, Payroll: Read, Vendor attendance: Read". */
export function apiKeyScopeText(resources: ResourceMap): string {
  const label = (r: string) => {
    const area = r.replace(/^EMPLOYER_PORTAL_(VENDORS_)?/, '').toLowerCase().replace(/_/g, ' ');
    return r.includes('_VENDORS_') ? `Vendor ${area}` : area.replace(/^./, (c) => c.toUpperCase());
  };
  const parts = Object.entries(resources)
    .filter(([, t]) => (t?.length ?? 0) > 0)
    .map(([r, t]) => `${label(r)}: ${t.includes('WRITE') ? 'Write' : 'Read'}`);
  return parts.join(', ') || 'None';
}
