/**
 * The File Upload link (spec 2.3, 7; decision 0017).
 * - POST /employer-admin/file-upload-token (WRITE on RAW_FILES, only when the employer's config
 *   has fileUploadLinkEnabled): a token valid 10 minutes and the link to the portal's standalone
 *   page, /file-upload?token=...
 * - POST /file-upload/raw?token=... (public: the token is its authorisation): one raw file,
 *   through the documents feature's checks at the door and its accept path, as the admin the
 *   token names. The token is checked before the body is read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import {
  FILE_UPLOAD_LINK_CODES,
  FILE_UPLOAD_PAGE_PATH,
  FILE_UPLOAD_TOKEN_TTL_MS,
  FileUploadTokenQuery,
  FileUploadTokenResult,
  UploadAuditRecord,
  VendorQuery,
  canAccessArea,
  canEnterVendor,
  mergeResources,
  type ResourceMap,
  fileLinkCalls,
} from '@portal/domain';
import type { AdminRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { areaRoute, authOf, publicRoute } from '../../platform/guard.js';
import { registerMultipart } from '../../platform/uploads/receive.js';
import { createDocumentService, receiveCheckedFile } from '../documents/index.js';
import { createUploadTokens } from './token.js';
import { route } from '../../platform/route.js';

const disabled = () => new AppError(FILE_UPLOAD_LINK_CODES.disabled);
const invalid = () => new AppError(FILE_UPLOAD_LINK_CODES.invalid);

export async function registerFileLinkRoutes(parent: FastifyInstance, deps: Deps): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  await registerMultipart(app);
  const tokens = createUploadTokens(deps.codeKey);
  const documents = createDocumentService(deps);
  const tags = ['file-upload-link'];

  const linkEnabled = async (employerId: string) => {
    const row = await deps.db.selectFrom('employers').select('config').where('id', '=', employerId).executeTakeFirst();
    return Boolean(row?.config.fileUploadLinkEnabled);
  };

  route(
    app,
    fileLinkCalls.token,
    { config: areaRoute('RAW_FILES', 'WRITE'), schema: { tags, querystring: VendorQuery, response: { 200: FileUploadTokenResult } } },
    async (req) => {
      const ctx = authOf(req);
      if (!(await linkEnabled(ctx.admin.employer_id))) throw disabled();
      const expiresAt = deps.now().getTime() + FILE_UPLOAD_TOKEN_TTL_MS;
      const token = tokens.sign({ employerId: ctx.admin.employer_id, adminId: ctx.admin.id, vendorId: ctx.vendorId, expiresAt });
      const url = `${deps.config.publicUrl}${FILE_UPLOAD_PAGE_PATH}?${new URLSearchParams({ token }).toString()}`;
      return { token, expiresAt: new Date(expiresAt).toISOString(), url };
    },
  );

  /** The admin the token names, if it may still upload raw files in the token's context. */
  async function uploaderOf(token: string): Promise<{ admin: AdminRecord; vendorId: string | null } | null> {
    const claims = tokens.verify(token, deps.now());
    if (!claims) return null;
    const row = await deps.db
      .selectFrom('admins as a')
      .selectAll('a')
      .select(sql<ResourceMap[]>`(select coalesce(json_agg(r.resources), '[]'::json) from roles r where r.id = any(a.role_ids))`.as('role_resources'))
      .where('a.id', '=', claims.adminId)
      .where('a.employer_id', '=', claims.employerId)
      .where('a.status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (!row) return null;
    const { role_resources, ...admin } = row;
    const resources = mergeResources(role_resources);
    if (claims.vendorId) {
      if (!canEnterVendor({ departmentId: admin.vendor_id, resources }, claims.vendorId)) return null;
      const vendor = await deps.db.selectFrom('vendors').select('id').where('id', '=', claims.vendorId).where('employer_id', '=', claims.employerId).executeTakeFirst();
      if (!vendor) return null;
    } else if (admin.vendor_id) {
      return null;
    }
    if (!canAccessArea(resources, 'RAW_FILES', 'WRITE', claims.vendorId !== null)) return null;
    if (!(await linkEnabled(claims.employerId))) return null;
    return { admin, vendorId: claims.vendorId };
  }

  route(
    app,
    fileLinkCalls.upload,
    {
      config: { ...publicRoute, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { tags, querystring: FileUploadTokenQuery, consumes: ['multipart/form-data'], response: { 201: UploadAuditRecord } },
    },
    async (req, reply) => {
      const uploader = await uploaderOf(req.query.token);
      if (!uploader) {
        // Read and drop what the browser is sending, so it gets this answer rather than a reset connection.
        req.raw.resume();
        throw invalid();
      }
      const file = await receiveCheckedFile(req, 'RAW_FILE');
      return reply.status(201).send(await documents.accept(uploader, 'RAW_FILE', file));
    },
  );
}

/** The operators' CLI: turns the File Upload menu item on or off for an employer (its config's fileUploadLinkEnabled). */
export async function setFileUploadLink(db: Deps['db'], employerId: string, enabled: boolean): Promise<string | null> {
  const row = await db
    .updateTable('employers')
    .set({ config: sql`jsonb_set(config, '{fileUploadLinkEnabled}', ${JSON.stringify(enabled)}::jsonb, true)` })
    .where('id', '=', employerId)
    .returning('name')
    .executeTakeFirst();
  return row?.name ?? null;
}
