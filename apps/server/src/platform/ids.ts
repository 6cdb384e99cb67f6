/**
 * Ids (decision 0029): the one UUID check of ids that come from outside (paths, queries, bodies)
 * and the one maker of ids the server chooses itself. An id that is not a UUID is "not found"
 * before any SQL runs: PostgreSQL would refuse the cast with a 500.
 */
import { randomUUID } from 'node:crypto';
import { notFound } from './errors.js';

/** A UUID in text form (any version, either case): what the `uuid` columns accept. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (text: string): boolean => UUID_RE.test(text);

/** `id` when it is a UUID; otherwise the 404 with `message` (what the same id of another employer gets). */
export function uuidOrNotFound(id: string, message: string): string {
  if (!UUID_RE.test(id)) throw notFound(message);
  return id;
}

/** A new random id (UUID v4) for a value the server makes, not the database's default. */
export const newId = (): string => randomUUID();
