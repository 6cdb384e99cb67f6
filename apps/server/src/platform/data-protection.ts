/**
 * Data at rest (issue 22 item 2, decision 0037): what a database dump or a backup must not show in
 * clear is sealed with AES-256-GCM (node:crypto) under a data key; data keys are kept in the
 * database (`data_keys`) wrapped by a master key that the database never holds.
 *
 * - Master keys: DATA_MASTER_KEYS, `id:base64(32 bytes)` separated by commas, the first one the
 *   current (required in production). Unset outside production: the file `<DATA_DIR>/data-master-keys`,
 *   generated once, as `AUTH_SECRET`'s default is generated once; never in the database.
 * - Data keys: 32 random bytes each, wrapped (AES-256-GCM, the data key's id as associated data)
 *   under a master key named in their row. Values are sealed under the newest data key.
 * - A sealed value says which data key sealed it, so old and new keys are read side by side while
 *   `npm run cli -- data-keys rotate` re-seals the rows (decision 0037 "Rotation").
 * - A master key that does not open a data key stops the process at start with what to do
 *   (`DataProtectionError`), before it reads or writes anything.
 *
 * - Keyed hashes (HMAC-SHA256) of sealed fields that SQL compares or groups (an account number):
 *   under the blind-index key, 32 random bytes wrapped like a data key (`data_index_key`, one row a
 *   key version), which a data-key rotation leaves alone, so the hashes stay comparable across
 *   rotations. The blind-index key rotates on its own (`npm run cli -- blind-index rotate`, decision
 *   0037 "Blind-index rotation"): hashes are made under the newest version and matched under every
 *   version still kept (`BlindIndex`); a stored hash says its version (`indexVersionOf`).
 *
 * Formats. Bytes: "PE1" (3 bytes), data key id (uint32 BE), IV (12), tag (16), ciphertext. Text:
 * `pe1.<data key id>.<base64url of IV|tag|ciphertext>`. Each authenticates its data key id too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createSecretKey, hash, randomBytes, type KeyObject } from 'node:crypto';
import { sql } from 'kysely';
import { maskLast4 } from '@portal/domain';
import type { Database } from './database.js';

const MAGIC = Buffer.from('PE1', 'latin1');
const HEADER = MAGIC.length + 4 + 12 + 16;
const TEXT_PREFIX = 'pe1.';

export class DataProtectionError extends Error {}

export interface MasterKey {
  id: string;
  key: Buffer;
}

const MASTER_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** Parses DATA_MASTER_KEYS (or the dev file): `id:base64,...`, the first the current one. */
export function parseMasterKeys(text: string, source: string): MasterKey[] {
  const keys = text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf(':');
      const id = at > 0 ? entry.slice(0, at) : '';
      const key = Buffer.from(at > 0 ? entry.slice(at + 1) : '', 'base64');
      if (!MASTER_ID.test(id) || key.length !== 32) {
        throw new DataProtectionError(`${source}: each master key is written id:key, the id letters, digits, - or _, the key 32 bytes in base64 (openssl rand -base64 32).`);
      }
      return { id, key };
    });
  if (keys.length === 0) throw new DataProtectionError(`${source} names no master key.`);
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new DataProtectionError(`${source} names a master key id twice.`);
  return keys;
}

/** The development default: a master key generated once into the data folder (mode 0600), shared by every process of this checkout. */
export function devMasterKeys(dataDir: string): MasterKey[] {
  const file = path.join(dataDir, 'data-master-keys');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole under another name, then linked into place: processes starting together (the
    // test workers of a fresh checkout) never read a half-written file, and the first link wins.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, `dev1:${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  return parseMasterKeys(fs.readFileSync(file, 'utf8'), file);
}

/** A sealed text's associated data (its prefix and key id), made once per key id: it is read, never written. */
const textAads = new Map<number, Buffer>();
function textAad(id: number): Buffer {
  let aad = textAads.get(id);
  if (!aad) textAads.set(id, (aad = Buffer.from(`${TEXT_PREFIX}${id}.`, 'latin1')));
  return aad;
}

/**
 * AES-GCM's 96-bit nonces, drawn from the CSPRNG a block at a time: one `randomBytes` call per 4,096
 * seals instead of one per seal (that call was about a quarter of a seal's cost; a 50,000-row sheet
 * seals every account number, issue 21). Each slice is handed out once and the block is never
 * written again (a new block is a new buffer), so every nonce is as random and as unique as before.
 */
const NONCE_BYTES = 12;
const NONCES_PER_BLOCK = 4096;
let nonceBlock = Buffer.alloc(0);
let nonceAt = 0;
export function nextNonce(): Buffer {
  if (nonceAt + NONCE_BYTES > nonceBlock.length) {
    nonceBlock = randomBytes(NONCE_BYTES * NONCES_PER_BLOCK);
    nonceAt = 0;
  }
  return nonceBlock.subarray(nonceAt, (nonceAt += NONCE_BYTES));
}

function seal(key: Buffer | KeyObject, aad: Buffer, plain: Buffer): { iv: Buffer; tag: Buffer; body: Buffer } {
  const iv = nextNonce();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), body };
}

function open(key: Buffer | KeyObject, aad: Buffer, iv: Buffer, tag: Buffer, body: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

const keyIdBytes = (id: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(id);
  return b;
};
const wrapAad = (dataKeyId: number) => Buffer.concat([Buffer.from('data-key:', 'latin1'), keyIdBytes(dataKeyId)]);
/** The associated data of a wrapped blind-index key: version 1 as migration 0031 made it, later versions named. */
const indexAad = (version: number) => Buffer.from(version === 1 ? 'blind-index-key' : `blind-index-key:${version}`, 'latin1');
const SEALED_TEXT = /^pe1\.(\d+)\.([A-Za-z0-9_-]+)$/;

/** Seals and opens values under the deployment's data keys; one per process (Deps.protector). */
export class DataProtector {
  /** Data keys as KeyObjects: a cipher made from a raw key imports it each time (3x the cost of a seal). */
  private keys = new Map<number, KeyObject>();
  private currentId = 0;
  /** The blind-index keys, by version (raw, for rewrap). */
  private indexKeys = new Map<number, Buffer>();
  /** What the keyed hashes are made and matched with: every kept version, the newest the current one. */
  private index: BlindIndex | null = null;
  /** When this process last read the blind-index versions (a rotation adds one, its finish deletes one). */
  private indexCheckedAt = 0;
  private indexRefresh: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly masters: MasterKey[],
  ) {}

  /** The master key new data keys are wrapped under (the first of DATA_MASTER_KEYS). */
  get currentMasterId(): string {
    return this.masters[0]!.id;
  }

  /** The data key new values are sealed under. */
  get currentKeyId(): number {
    return this.currentId;
  }

  /** Loads every data key, creating the first one on a new database. Refuses a master key that does not open them. */
  async load(): Promise<void> {
    let rows = await this.db.selectFrom('data_keys').select(['id', 'master_key_id', 'wrapped']).orderBy('id').execute();
    if (rows.length === 0) {
      await this.insertKey(1);
      rows = await this.db.selectFrom('data_keys').select(['id', 'master_key_id', 'wrapped']).orderBy('id').execute();
    }
    const keys = new Map<number, KeyObject>();
    for (const row of rows) keys.set(row.id, createSecretKey(this.unwrap(row)));
    this.keys = keys;
    this.currentId = Math.max(...keys.keys());
    if (!this.index) {
      await this.refreshIndex();
      await this.checkIndex();
    }
  }

  /**
   * Reads the blind-index key versions (creating version 1 on a new database) and holds every one:
   * a rotation started since adds the version new hashes are made under, its finish removes the
   * old one. Called at start, by each sheet job before it stages, and (in the background) by a
   * hash made more than INDEX_REFRESH_MS after the last read.
   */
  async refreshIndex(): Promise<void> {
    const read = () => this.db.selectFrom('data_index_key').select(['id', 'master_key_id', 'wrapped']).orderBy('id').execute();
    let rows = await read();
    if (rows.length === 0) {
      const master = this.masters[0]!;
      await this.db
        .insertInto('data_index_key')
        .values({ id: 1, master_key_id: master.id, wrapped: this.wrapWith(indexAad(1), randomBytes(32), master) })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      rows = await read();
    }
    const keys = new Map<number, Buffer>();
    for (const row of rows) keys.set(row.id, this.indexKeys.get(row.id) ?? this.unwrapIndexKey(row));
    this.indexKeys = keys;
    this.indexCheckedAt = Date.now();
    const versions = [...keys.keys()].sort((a, b) => b - a);
    if (this.index && this.index.versions.join() === versions.join()) return;
    this.index = new BlindIndex(versions.map((v) => ({ version: v, key: keys.get(v)! })));
  }

  private unwrapIndexKey(row: { id: number; master_key_id: string; wrapped: Buffer }): Buffer {
    const master = this.masters.find((m) => m.id === row.master_key_id);
    if (!master) {
      throw new DataProtectionError(`The blind-index key (version ${row.id}) is wrapped under master key "${row.master_key_id}", which DATA_MASTER_KEYS does not name. Give the process that key as well (docs/deploy.md "Data keys").`);
    }
    try {
      const w = row.wrapped;
      return open(master.key, indexAad(row.id), w.subarray(0, 12), w.subarray(12, 28), w.subarray(28));
    } catch {
      throw new DataProtectionError(`Master key "${master.id}" does not open the blind-index key (version ${row.id}): it is not the key this database was protected with. Start with the right DATA_MASTER_KEYS (docs/deploy.md "Data keys"); no protected data was read or written.`);
    }
  }

  /**
   * A wrong blind-index key stops the start: the first few stored salary account numbers are
   * opened and hashed under the version their hash names; when none of them gives its stored hash,
   * the key is not the one this database's hashes were made with (a key row restored from another
   * database, say), and every comparison would silently miss. One read of at most 5 rows.
   */
  private async checkIndex(): Promise<void> {
    const index = this.index!;
    const rows = await this.db
      .selectFrom('workers')
      .select(['salary_account_number as sealed', 'salary_account_number_hash as hash'])
      .where('salary_account_number_hash', 'is not', null)
      .where('salary_account_number', 'like', 'pe1.%')
      .limit(5)
      .execute();
    let checked = 0;
    for (const r of rows) {
      const m = SEALED_TEXT.exec(r.sealed!);
      if (!m || !this.keys.has(Number(m[1]))) continue;
      let plain: string;
      try {
        plain = this.openText(r.sealed!);
      } catch {
        continue; // a value that does not open says nothing of the blind-index key
      }
      const same = index.matches(plain, r.hash!);
      if (same === null) continue;
      if (same) return;
      checked += 1;
    }
    if (checked > 0) {
      throw new DataProtectionError(
        `The blind-index key (version ${index.versions.join(', ')}) does not give the keyed hashes stored with the account numbers: it is not the key this database's hashes were made with (was data_index_key restored from another database?). Put back this database's own data_index_key rows; the portal does not start, as every comparison of account numbers would miss.`,
      );
    }
  }

  private unwrap(row: { id: number; master_key_id: string; wrapped: Buffer }): Buffer {
    const master = this.masters.find((m) => m.id === row.master_key_id);
    const named = this.masters.map((m) => m.id).join(', ');
    if (!master) {
      throw new DataProtectionError(
        `Data key ${row.id} is wrapped under master key "${row.master_key_id}", which DATA_MASTER_KEYS does not name (it names: ${named}). Give the process that key as well (docs/deploy.md "Data keys").`,
      );
    }
    try {
      const w = row.wrapped;
      return open(master.key, wrapAad(row.id), w.subarray(0, 12), w.subarray(12, 28), w.subarray(28));
    } catch {
      throw new DataProtectionError(`Master key "${master.id}" does not open data key ${row.id}: it is not the key this database was protected with. Start with the right DATA_MASTER_KEYS (docs/deploy.md "Data keys"); no protected data was read or written.`);
    }
  }

  private wrap(id: number, key: Buffer, master: MasterKey): Buffer {
    return this.wrapWith(wrapAad(id), key, master);
  }

  private wrapWith(aad: Buffer, key: Buffer, master: MasterKey): Buffer {
    const w = seal(master.key, aad, key);
    return Buffer.concat([w.iv, w.tag, w.body]);
  }

  private async insertKey(id: number): Promise<void> {
    const master = this.masters[0]!;
    await this.db
      .insertInto('data_keys')
      .values({ id, master_key_id: master.id, wrapped: this.wrap(id, randomBytes(32), master) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** A new data key, which this process seals under from now on (others once they restart or meet a value sealed under it). */
  async addKey(): Promise<number> {
    const { max } = await this.db.selectFrom('data_keys').select(sql<number>`coalesce(max(id), 0)`.as('max')).executeTakeFirstOrThrow();
    await this.insertKey(Number(max) + 1);
    await this.load();
    return this.currentId;
  }

  /** Wraps every data key again under the current master key (the first of DATA_MASTER_KEYS); returns how many changed. */
  async rewrapKeys(): Promise<number> {
    const master = this.masters[0]!;
    let changed = 0;
    for (const [id, key] of this.keys) {
      const r = await this.db.updateTable('data_keys').set({ master_key_id: master.id, wrapped: this.wrap(id, key.export(), master) }).where('id', '=', id).where('master_key_id', '<>', master.id).executeTakeFirst();
      changed += Number(r.numUpdatedRows);
    }
    await this.refreshIndex();
    for (const [version, key] of this.indexKeys) {
      const r = await this.db
        .updateTable('data_index_key')
        .set({ master_key_id: master.id, wrapped: this.wrapWith(indexAad(version), key, master) })
        .where('id', '=', version)
        .where('master_key_id', '<>', master.id)
        .executeTakeFirst();
      changed += Number(r.numUpdatedRows);
    }
    return changed;
  }

  /**
   * Starts a blind-index rotation: a new key version, which this process hashes under from now on
   * (the others once they read the versions again: each sheet job, and a hash made more than
   * INDEX_REFRESH_MS after the last read). Returns the new version.
   */
  async addIndexKey(): Promise<number> {
    await this.refreshIndex();
    const version = this.blindIndex().version + 1;
    const master = this.masters[0]!;
    await this.db.insertInto('data_index_key').values({ id: version, master_key_id: master.id, wrapped: this.wrapWith(indexAad(version), randomBytes(32), master) }).execute();
    await this.refreshIndex();
    return version;
  }

  /** Ends a blind-index rotation: every version older than the current one deleted (no hash is made or matched under it again). */
  async retireIndexKeys(): Promise<number[]> {
    await this.refreshIndex();
    const current = this.blindIndex().version;
    const gone = await this.db.deleteFrom('data_index_key').where('id', '<', current).returning('id').execute();
    await this.refreshIndex();
    return gone.map((r) => r.id).sort((a, b) => a - b);
  }

  private keyFor(id: number): KeyObject {
    const key = this.keys.get(id);
    if (!key) throw new DataProtectionError(`A value is sealed under data key ${id}, which this process has not loaded: restart it (a key rotation ran after it started).`);
    return key;
  }

  /** Makes sure every data key in the database is loaded (a rotation may have added one since start). */
  async refresh(): Promise<void> {
    const { max } = await this.db.selectFrom('data_keys').select(sql<number>`coalesce(max(id), 0)`.as('max')).executeTakeFirstOrThrow();
    if (Number(max) > this.currentId) await this.load();
  }

  sealBytes(plain: Buffer): Buffer {
    const id = this.currentId;
    const idBytes = keyIdBytes(id);
    const s = seal(this.keyFor(id), Buffer.concat([MAGIC, idBytes]), plain);
    return Buffer.concat([MAGIC, idBytes, s.iv, s.tag, s.body]);
  }

  /** Opens a sealed value. A value without the header is refused: every row is sealed by migration or by the rotation. */
  openBytes(sealed: Buffer): Buffer {
    if (!isSealedBytes(sealed)) throw new DataProtectionError('A protected value is not sealed (run `npm run cli -- data-keys rotate` to seal what an older version wrote).');
    const id = sealed.readUInt32BE(3);
    return open(this.keyFor(id), sealed.subarray(0, 7), sealed.subarray(7, 19), sealed.subarray(19, 35), sealed.subarray(HEADER));
  }

  /** openBytes after loading a data key added since this process started. */
  async openBytesFresh(sealed: Buffer): Promise<Buffer> {
    if (isSealedBytes(sealed) && !this.keys.has(sealed.readUInt32BE(3))) await this.refresh();
    return this.openBytes(sealed);
  }

  sealText(plain: string): string;
  sealText(plain: string | null): string | null;
  sealText(plain: string | null): string | null {
    if (plain === null) return null;
    const id = this.currentId;
    const s = seal(this.keyFor(id), textAad(id), Buffer.from(plain, 'utf8'));
    return `${TEXT_PREFIX}${id}.${Buffer.concat([s.iv, s.tag, s.body]).toString('base64url')}`;
  }

  openText(sealed: string): string;
  openText(sealed: string | null): string | null;
  openText(sealed: string | null): string | null {
    if (sealed === null) return null;
    const m = SEALED_TEXT.exec(sealed);
    if (!m) throw new DataProtectionError('A protected text is not sealed (run `npm run cli -- data-keys rotate`).');
    const id = Number(m[1]);
    const raw = Buffer.from(m[2]!, 'base64url');
    return open(this.keyFor(id), textAad(id), raw.subarray(0, 12), raw.subarray(12, 28), raw.subarray(28)).toString('utf8');
  }

  /** openText after loading a data key added since this process started. */
  async openTextFresh(sealed: string): Promise<string> {
    const m = SEALED_TEXT.exec(sealed);
    if (m && !this.keys.has(Number(m[1]))) await this.refresh();
    return this.openText(sealed);
  }

  /**
   * The blind-index keys as they are now: hashes made under the current version, matched under
   * every kept one. A caller that must hash a whole sheet under one version (the payroll groups its
   * entries by hash) holds the snapshot for the sheet; a rotation makes a new one, never changes it.
   */
  blindIndex(): BlindIndex {
    const index = this.index;
    if (!index) throw new DataProtectionError('The blind-index key is not loaded.');
    if (Date.now() - this.indexCheckedAt > INDEX_REFRESH_MS && !this.indexRefresh) {
      // Read again in the background (this hash is made with what is held): a process that makes
      // hashes learns of a rotation within INDEX_REFRESH_MS of its next one. A failed read is tried
      // again next time.
      this.indexCheckedAt = Date.now();
      this.indexRefresh = this.refreshIndex()
        .catch(() => {})
        .finally(() => (this.indexRefresh = null));
    }
    return index;
  }

  /**
   * The keyed hash (HMAC-SHA256 under the current blind-index key) of a field's value, for SQL to
   * compare or group sealed values by: equal values have equal hashes, whatever data key sealed them.
   */
  hashText(plain: string): Buffer;
  hashText(plain: string | null): Buffer | null;
  hashText(plain: string | null): Buffer | null {
    if (plain === null) return null;
    return this.blindIndex().hash(plain);
  }

  /** A field's three stored forms: sealed, masked but for its last 4, and (for fields SQL compares) its keyed hash (under `index`, by default the current one). */
  protectText(plain: string, index?: BlindIndex): { sealed: string; masked: string; hash: Buffer };
  protectText(plain: string | null, index?: BlindIndex): { sealed: string | null; masked: string | null; hash: Buffer | null };
  protectText(plain: string | null, index?: BlindIndex): { sealed: string | null; masked: string | null; hash: Buffer | null } {
    if (plain === null) return { sealed: null, masked: null, hash: null };
    return { sealed: this.sealText(plain), masked: maskLast4(plain), hash: (index ?? this.blindIndex()).hash(plain) };
  }
}

/** How long a process hashes with the blind-index versions it read before it reads them again. */
const INDEX_REFRESH_MS = 10_000;

/** The version of the blind-index key a stored hash was made under (32 bytes: version 1; 34: the first 2), or null for anything else. */
export function indexVersionOf(hash: Buffer): number | null {
  if (hash.length === 32) return 1;
  if (hash.length === 34) return hash.readUInt16BE(0);
  return null;
}

/** The blind-index keys of one moment: the current version (the newest) and the older ones still matched during a rotation. */
export class BlindIndex {
  /** Per version, the key XOR HMAC's inner and outer pads (RFC 2104), computed once. */
  private readonly pads: Map<number, { inner: Buffer; outer: Buffer; tag: Buffer }>;
  /** Newest first. */
  readonly versions: readonly number[];

  constructor(keys: readonly { version: number; key: Buffer }[]) {
    this.pads = new Map();
    for (const { version, key } of keys) {
      const inner = Buffer.alloc(64, 0x36);
      const outer = Buffer.alloc(64, 0x5c);
      for (let i = 0; i < key.length; i++) {
        inner[i]! ^= key[i]!;
        outer[i]! ^= key[i]!;
      }
      const tag = Buffer.alloc(version === 1 ? 0 : 2);
      if (version !== 1) tag.writeUInt16BE(version);
      this.pads.set(version, { inner, outer, tag });
    }
    this.versions = [...this.pads.keys()].sort((a, b) => b - a);
  }

  /** The version new hashes are made under. */
  get version(): number {
    return this.versions[0]!;
  }

  /** The older version still matched while a rotation runs (null when none runs). */
  get previous(): number | null {
    return this.versions[1] ?? null;
  }

  /** The hash of `plain` under the current version (or `version`, one of this snapshot's). */
  hash(plain: string, version = this.version): Buffer {
    const p = this.pads.get(version);
    if (!p) throw new DataProtectionError(`The blind-index key version ${version} is not loaded.`);
    // HMAC-SHA256 (RFC 2104) from two one-shot hashes: the same bytes as createHmac, about 5 times
    // cheaper per value (no HMAC object per call), which a 50,000-row sheet hashes once a row.
    const inner = hash('sha256', Buffer.concat([p.inner, Buffer.from(plain, 'utf8')]), 'buffer');
    const mac = hash('sha256', Buffer.concat([p.outer, inner]), 'buffer');
    return p.tag.length ? Buffer.concat([p.tag, mac]) : mac;
  }

  /** Whether a stored hash is `plain`'s: true or false under a version this snapshot holds, null under one it does not (retired, or added since). */
  matches(plain: string, stored: Buffer): boolean | null {
    const version = indexVersionOf(stored);
    if (version === null || !this.pads.has(version)) return null;
    return this.hash(plain, version).equals(stored);
  }
}

export const isSealedText = (value: string): boolean => SEALED_TEXT.test(value);

export const isSealedBytes = (value: Buffer): boolean => value.length >= HEADER && value.subarray(0, 3).equals(MAGIC);
/** The master keys this process is given: DATA_MASTER_KEYS, or (outside production) the dev file. */
export function masterKeysOf(config: { production: boolean; dataMasterKeys: string | null; dataDir: string }): MasterKey[] {
  if (config.dataMasterKeys) return parseMasterKeys(config.dataMasterKeys, 'DATA_MASTER_KEYS');
  if (config.production) throw new DataProtectionError('DATA_MASTER_KEYS is required in production mode (docs/deploy.md "Data keys").');
  return devMasterKeys(config.dataDir);
}

export async function openDataProtection(db: Database, config: { production: boolean; dataMasterKeys: string | null; dataDir: string }): Promise<DataProtector> {
  const protector = new DataProtector(db, masterKeysOf(config));
  await protector.load();
  return protector;
}
