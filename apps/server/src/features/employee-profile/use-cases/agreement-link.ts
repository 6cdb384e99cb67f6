import { sql } from 'kysely';
import { AGREEMENT_LINK_TTL_MS, EMPLOYEE_PROFILE_MSG, type AgreementLink } from '@portal/domain';
import { notFound } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import { vendorIs } from '../../../platform/scope.js';
import { AGREEMENT_DOCUMENT_PATH, type ProfileDeps, type Scope } from '../shared.js';

/** GET /employer-admin/agreements/{id}/presigned-s3-url: a link valid AGREEMENT_LINK_TTL_MS, or null without a document. */
export async function agreementLink(deps: ProfileDeps, ctx: Scope, agreementId: string): Promise<AgreementLink> {
  const { db, sign } = deps;
  const trimmed = agreementId.trim();
  if (!isUuid(trimmed)) throw notFound(EMPLOYEE_PROFILE_MSG.agreementNotFound);
  const row = await db
    .selectFrom('worker_agreements as a')
    .innerJoin('workers as w', 'w.id', 'a.worker_id')
    .select(['a.id', sql<number>`coalesce(octet_length(a.content), 0)`.as('size')])
    .where('a.id', '=', trimmed)
    .where('w.employer_id', '=', ctx.admin.employer_id)
    .where(vendorIs(ctx.vendorId, 'w.vendor_id'))
    .executeTakeFirst();
  if (!row) throw notFound(EMPLOYEE_PROFILE_MSG.agreementNotFound);
  if (Number(row.size) === 0) return { url: null, expiresAt: null };
  const expires = deps.now().getTime() + AGREEMENT_LINK_TTL_MS;
  const qs = new URLSearchParams({ expires: String(expires), signature: sign(row.id, expires) });
  return { url: `${deps.config.publicUrl}/api${AGREEMENT_DOCUMENT_PATH}/${row.id}?${qs.toString()}`, expiresAt: new Date(expires).toISOString() };
}
