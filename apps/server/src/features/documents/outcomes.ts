/**
 * The upload outcome notices (issue 11): sheets are processed in a background job, so the portal
 * tells the uploader how each of their sheets ended wherever they are, until they dismiss it.
 *
 * Scope: only the caller's own uploads (admin and employer), of sheet types, still PROCESSING or
 * finished within UPLOAD_OUTCOME_WINDOW_DAYS, not dismissed. An upload is listed only while the
 * admin still holds READ on its type's area in the upload's own context (the vendor resource for a
 * vendor's upload, spec 6), and a vendor-bound admin sees only its vendor's. The route is a
 * session route and not a context route: the notice is global, so it lists the admin's uploads
 * of every context it may still read, each carrying its `vendorId` for the download call.
 *
 * The routes of the notices; their use cases are the documents service's (`outcomes`,
 * `dismiss-outcome`, `outcomes-seen`, `dismiss-all-outcomes` under `use-cases/`, decision 0029).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  UploadOutcomeList,
  UploadOutcomeParams,
  UploadOutcomesDismissAllBody,
  UploadOutcomesDismissAllResult,
  UploadOutcomesSeenBody,
  UploadOutcomesSeenResult,
  uploadOutcomeCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { authOf, sessionRoute } from '../../platform/guard.js';
import { route } from '../../platform/route.js';
import { createDocumentService } from './service.js';

export async function registerOutcomeRoutes(parent: FastifyInstance, deps: Deps): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const documents = createDocumentService(deps);
  const tags = ['documents'];
  // Any fully signed-in admin: the service lists only what the admin may still read, per upload.
  route(app, uploadOutcomeCalls.list, { config: sessionRoute(), schema: { tags, response: { 200: UploadOutcomeList } } }, async (req) =>
    documents.outcomes(authOf(req)),
  );
  route(app, uploadOutcomeCalls.dismiss, { config: sessionRoute(), schema: { tags, params: UploadOutcomeParams } }, async (req, reply) => {
    await documents.dismissOutcome(authOf(req), req.params.id);
    return reply.status(204).send();
  });
  route(
    app,
    uploadOutcomeCalls.seen,
    {
      config: sessionRoute(),
      schema: {
        tags,
        description:
          "Marks the caller's own finished sheet uploads among `ids` as seen (their outcome was shown on the upload's own list), so their notices no longer follow the admin; others' ids, raw files and uploads still PROCESSING are left as they are.",
        body: UploadOutcomesSeenBody,
        response: { 200: UploadOutcomesSeenResult },
      },
    },
    async (req) => documents.outcomesSeen(authOf(req), req.body.ids),
  );
  route(
    app,
    uploadOutcomeCalls.dismissAll,
    {
      config: sessionRoute(),
      schema: {
        tags,
        description: "Closes every open outcome notice of the caller's uploads made at or before `uploadedUntil` (Close all).",
        body: UploadOutcomesDismissAllBody,
        response: { 200: UploadOutcomesDismissAllResult },
      },
    },
    async (req) => documents.dismissAllOutcomes(authOf(req), req.body.uploadedUntil),
  );
}
