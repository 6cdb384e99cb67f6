/** Uploads, histories, attendance, raw files, document downloads and sample files (spec 2.7, 2.8, 7). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttendanceListResult,
  LeaveListResult,
  DocQuery,
  DocResult,
  DocumentIdParam,
  SampleFileParam,
  PageQuery,
  RawFileListResult,
  UploadAuditRecord,
  UploadHistoryQuery,
  UploadHistoryResult,
  VendorQuery,
  type DocumentType,
  type StoredDocumentType,
  type UploadCall,
  documentCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { areaRoute, authOf, contextRoute, documentRoute, publicRoute, type AuthContext } from '../../platform/guard.js';
import { registerMultipart } from '../../platform/uploads/receive.js';
import { receiveCheckedFile } from './receive-upload.js';
import { registerBulkRoutes } from './bulk.js';
import { createDocumentService } from './service.js';
import { sampleFile } from './samples.js';
import { createDocumentQueue } from './jobs.js';
import { registerOutcomeRoutes } from './outcomes.js';
import { route } from '../../platform/route.js';

/**
 * A stored document type whose file is built when it is asked for rather than kept (FINAL_REPORT:
 * features/payroll's payout report), or given through another feature's step (PAYROLL and
 * PROCESSED_PAYROLL: masked for roles without WRITE on payroll, features/payroll/masked-sheet.ts);
 * `stored` reads the stored file. Composed in app.ts, so this feature knows no other.
 */
export type GeneratedDocument = (ctx: AuthContext, q: z.infer<typeof DocQuery>, stored: () => Promise<DocResult>) => Promise<DocResult>;
export type GeneratedDocuments = Partial<Record<StoredDocumentType, GeneratedDocument>>;

export async function registerDocumentRoutes(parent: FastifyInstance, deps: Deps, generated: GeneratedDocuments = {}): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  await registerMultipart(app);
  if (deps.queue) await createDocumentQueue(deps.queue);
  const documents = createDocumentService(deps);
  const tags = ['documents'];
  const querystring = VendorQuery;

  /** The file of a multipart request, checked (size while it streams in, then type and content) before anything is stored. */
  const accept = async (req: FastifyRequest, docType: DocumentType) => documents.accept(authOf(req), docType, await receiveCheckedFile(req, docType));
  const uploadRoute = (contract: UploadCall, docType: DocumentType, area: Parameters<typeof areaRoute>[0]) =>
    route(app, contract, { config: areaRoute(area, 'WRITE'), schema: { tags, querystring, consumes: ['multipart/form-data'], response: { 201: UploadAuditRecord } } }, async (req, reply) =>
      reply.status(201).send(await accept(req, docType)),
    );
  uploadRoute(documentCalls.uploadEmployees, 'ADD_EMPLOYEES_BULK_UPLOAD', 'EMPLOYEES');
  uploadRoute(documentCalls.uploadTerminations, 'TERMINATED_EMPLOYEES_UPLOAD', 'EMPLOYEES');
  uploadRoute(documentCalls.uploadAttendance, 'ATTENDANCE_UPLOAD', 'ATTENDANCE');
  uploadRoute(documentCalls.uploadRawFile, 'RAW_FILE', 'RAW_FILES');
  uploadRoute(documentCalls.uploadLeave, 'LEAVE_UPLOAD', 'ATTENDANCE');
  // The same sheets as JSON rows, for an employer's own systems (issue 26, decision 0046).
  registerBulkRoutes(app, deps, documents);

  route(
    app,
    documentCalls.rawFiles,
    { config: areaRoute('RAW_FILES', 'READ'), schema: { tags, querystring: PageQuery, response: { 200: RawFileListResult } } },
    async (req) => documents.rawFiles(authOf(req), req.query.pageNumber, req.query.limit),
  );
  route(
    app,
    documentCalls.history,
    { config: documentRoute('READ'), schema: { tags, querystring: UploadHistoryQuery, response: { 200: UploadHistoryResult } } },
    async (req) => documents.history(authOf(req), req.query.docType, req.query.pageNumber, req.query.limit),
  );
  route(
    app,
    documentCalls.upload,
    // The upload's type, and so its area, is known only once the row is read: the service checks READ on it.
    { config: contextRoute, schema: { tags, querystring, params: DocumentIdParam, response: { 200: UploadAuditRecord } } },
    async (req) => documents.one(authOf(req), req.params.documentId),
  );
  route(
    app,
    documentCalls.attendance,
    { config: areaRoute('ATTENDANCE', 'READ'), schema: { tags, querystring: PageQuery, response: { 200: AttendanceListResult } } },
    async (req) => documents.attendance(authOf(req), req.query.pageNumber, req.query.limit),
  );
  route(
    app,
    documentCalls.leave,
    {
      config: areaRoute('ATTENDANCE', 'READ'),
      schema: {
        tags,
        description:
          'Leave sheet uploads (LEAVE_UPLOAD) of the caller\'s employer and context, newest first, each with the leave it recorded or last changed ' +
          '(`leaves`, at most 20, dates yyyymmdd; `leavesTotal` in all). READ on the attendance resource.',
        querystring: PageQuery,
        response: { 200: LeaveListResult },
      },
    },
    async (req) => documents.leave(authOf(req), req.query.pageNumber, req.query.limit),
  );
  route(
    app,
    documentCalls.doc,
    {
      config: documentRoute('READ'),
      schema: {
        tags,
        description:
          'A document of the caller\'s employer and context by its location (`{employerId}/{employerAdminId}/{documentType}/{documentId}`), as base64; READ on the area of its type. ' +
          'documentType FINAL_REPORT is the payout report of an executed payroll (documentId: the payroll id; `payrollFile.finalReport` of payroll-details and `finalReport` of the history rows): ' +
          'an xlsx built at the call from the entries as they are then (payroll-report-{yyyy-mm}.xlsx), 409 PAYROLL_NOT_EXECUTED before execution, 404 outside the caller\'s scope.',
        querystring: DocQuery,
        response: { 200: DocResult },
      },
    },
    async (req) => {
      const generate = generated[req.query.documentType];
      const stored = () => documents.document(authOf(req), req.query);
      return generate ? generate(authOf(req), req.query, stored) : stored();
    },
  );

  route(app, documentCalls.sample, { config: publicRoute, schema: { tags, params: SampleFileParam } }, async (req, reply) => {
    const file = sampleFile(req.params.fileName);
    if (!file) throw notFound();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${req.params.fileName}"`)
      .header('cache-control', 'public, max-age=3600')
      .send(await file);
  });
  await registerOutcomeRoutes(app, deps);
}
