/** The zod wire schemas of ../external-links.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';

export const ExternalDashboard = z.object({ description: z.string(), embeddedLink: z.string() });
export type ExternalDashboard = z.infer<typeof ExternalDashboard>;
export const ExternalDashboardsResult = z.array(ExternalDashboard);
export const FileUploadTokenResult = z.object({ token: z.string(), expiresAt: z.string(), url: z.string() });
export type FileUploadTokenResult = z.infer<typeof FileUploadTokenResult>;
export const FileUploadTokenQuery = z.object({ token: z.string().max(1000) });
