/** The shared helpers of decision 0029: the scope's WHERE, the id checks and the binding of use cases. */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AdminRecord, DB } from '../db/schema.js';
import { AppError } from './errors.js';
import { isUuid, newId, uuidOrNotFound } from './ids.js';
import { inScope, vendorIs, type Scope } from './scope.js';
import { bindUseCases } from './use-cases.js';

// Compiles only: the statements are never run.
const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const EMPLOYER = '11111111-1111-4111-8111-111111111111';
const VENDOR = '22222222-2222-4222-8222-222222222222';
const ctx = (vendorId: string | null): Scope => ({ admin: { id: 'a', employer_id: EMPLOYER } as AdminRecord, vendorId });

describe('scope', () => {
  it("an employer's own context is its workers without a vendor", () => {
    const q = db.selectFrom('workers').select('id').where(inScope(ctx(null))).where('id', '=', 'x').compile();
    expect(q.sql).toBe('select "id" from "workers" where ("employer_id" = $1::uuid and "vendor_id" is null) and "id" = $2');
    expect(q.parameters).toEqual([EMPLOYER, 'x']);
  });

  it("a vendor's context is that vendor's rows, through an alias", () => {
    const q = db.selectFrom('payrolls as p').select('p.id').where(inScope(ctx(VENDOR), 'p')).compile();
    expect(q.sql).toBe('select "p"."id" from "payrolls" as "p" where ("p"."employer_id" = $1::uuid and "p"."vendor_id" = $2::uuid)');
    expect(q.parameters).toEqual([EMPLOYER, VENDOR]);
  });

  it('a data scope (jobs, stored rows) gives the same fragment, usable inside sql templates', () => {
    const q = sql`select 1 from workers w where ${inScope({ employerId: EMPLOYER, vendorId: VENDOR }, 'w')} and ${vendorIs(null, 'w.vendor_id')}`.compile(db);
    expect(q.sql).toBe('select 1 from workers w where ("w"."employer_id" = $1::uuid and "w"."vendor_id" = $2::uuid) and "w"."vendor_id" is null');
    expect(q.parameters).toEqual([EMPLOYER, VENDOR]);
  });

  it('vendorIs keeps `is null` literal (the partial indexes match) and a vendor as a parameter', () => {
    expect(sql`${vendorIs(undefined)}`.compile(db).sql).toBe('"vendor_id" is null');
    const v = sql`${vendorIs(VENDOR, 'a.vendor_id')}`.compile(db);
    expect(v.sql).toBe('"a"."vendor_id" = $1::uuid');
    expect(v.parameters).toEqual([VENDOR]);
  });
});

describe('ids', () => {
  it('accepts UUIDs in either case and nothing else', () => {
    expect(isUuid(EMPLOYER)).toBe(true);
    expect(isUuid(EMPLOYER.toUpperCase())).toBe(true);
    expect(isUuid(`${EMPLOYER} `)).toBe(false);
    expect(isUuid('1')).toBe(false);
    expect(isUuid(`${EMPLOYER}'--`)).toBe(false);
  });

  it('an id that is not a UUID is the 404 with the message given', () => {
    expect(uuidOrNotFound(VENDOR, 'Not found')).toBe(VENDOR);
    try {
      uuidOrNotFound('abc', 'Employee not found');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(404);
      expect((err as AppError).message).toBe('Employee not found');
    }
  });

  it('new ids are distinct UUIDs', () => {
    const a = newId();
    expect(isUuid(a)).toBe(true);
    expect(newId()).not.toBe(a);
  });
});

describe('bindUseCases', () => {
  it('calls each use case with the deps first and the caller\'s arguments after', async () => {
    const deps = { base: 10 };
    const service = bindUseCases(deps, {
      add: (d: { base: number }, n: number) => d.base + n,
      later: async (d: { base: number }, a: string, b = '!') => `${a}${d.base}${b}`,
    });
    expect(service.add(5)).toBe(15);
    expect(await service.later('x')).toBe('x10!');
    expect(await service.later('x', '?')).toBe('x10?');
    expect(Object.keys(service)).toEqual(['add', 'later']);
  });
});
