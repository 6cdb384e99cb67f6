/** The zod wire schemas of ../api-keys.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { ACCESS_TYPES } from '../access.js';
import { API_KEY_MSG, API_KEY_NAME_MAX, API_KEY_RESOURCES } from '../api-keys.js';

const Access = z.array(z.enum(ACCESS_TYPES)).max(2);
export const ApiKeyScope = z.partialRecord(z.enum(API_KEY_RESOURCES as [string, ...string[]]), Access);

export const ApiKeyCreateBody = z.object({
  name: z.string().trim().min(1, API_KEY_MSG.nameRequired).max(API_KEY_NAME_MAX, API_KEY_MSG.nameTooLong),
  vendorId: z.uuid().nullable().optional(),
  resources: ApiKeyScope,
});
export type ApiKeyCreateBody = z.infer<typeof ApiKeyCreateBody>;

export const ApiKeyRow = z.object({
  id: z.string(),
  name: z.string(),
  shown: z.string(),
  vendorId: z.string().nullable(),
  vendorName: z.string().nullable(),
  resources: z.record(z.string(), z.array(z.string())),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof ApiKeyRow>;
export const ApiKeyList = z.object({ keys: z.array(ApiKeyRow) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;
export const ApiKeyCreated = z.object({ key: ApiKeyRow, secret: z.string(), message: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
