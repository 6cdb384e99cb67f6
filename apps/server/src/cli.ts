/**
 * The operators' command line. Uses the same runtime and provisioning code as the server.
 *
 *   npm run cli -- create-employer --name "Acme Pvt Ltd" --admin-name "Ravi Kumar" \
 *     --admin-email ravi@acme.example --admin-mobile 9876543210 --admin-branch Pune \
 *     [--vendor "Swift Staffing|ops@swift.example|9876500000|2025-04-01"]... \
 *     [--approval] [--file-upload-link] [--departments A,B] [--grades G1,G2] [--branches Pune,Surat]
 *   npm run cli -- list-employers
 *   npm run cli -- list-roles
 *   npm run cli -- worker register --employer ID [--vendor ID] --mobile 9876500001 --name "Asha Devi" \
 *     --worker-id SUN-2001 --salary 25000 --joined 2025-04-01
 *   npm run cli -- worker attendance --worker ID --day 2026-11-20 --status PRESENT
 *   npm run cli -- worker availability --worker ID
 *   npm run cli -- worker advance --worker ID --amount 1500 [--disburse]
 *   npm run cli -- recharge --employer ID --amount 250000
 *     (money arriving on the employer's virtual account, through the bank: the simulated bank
 *     must be running, i.e. the portal started with `npm start`, or BANK_URL set)
 *   (rupees on the command line; paise inside)
 *   npm run cli -- dashboards --employer ID --list | --add "Sales overview|https://bi.example.com/embed/1" | --remove N
 *     (the Analytics Dashboard's embedded links: https only; N is the number --list shows, or the link)
 *   npm run cli -- file-upload-link --employer ID --enable | --disable   (the File Upload menu item)
 *   npm run cli -- streaming-account <employer id or exact name> [on | off]
 *     (payroll through the streaming account, decision 0022: with it on, the employer's payroll
 *     sheets are uploaded and executed as PAYROLL_STREAMING_ACCOUNT; off, that upload is refused.
 *     Without on/off it prints the current setting. Payrolls already uploaded keep their kind.)
 *   npm run cli -- data-keys status | rotate | rewrap
 *     (data at rest, decision 0037: `status` lists the data keys, the master key wrapping each and
 *     how many sealed values each seals; `rotate` adds a data key and re-seals every protected
 *     value under it while the portal runs; `rewrap` wraps every data key again under the first of
 *     DATA_MASTER_KEYS, after which the other master keys may be dropped. See docs/deploy.md.)
 *   npm run cli -- blind-index status | rotate | finish
 *     (the key of the keyed hashes of account numbers, decision 0037 "Blind-index rotation":
 *     `status` lists its versions and how many stored hashes each made; `rotate` adds a version,
 *     which every process hashes under within 10 s, and re-hashes every stored hash under it in
 *     batches while the portal serves, the older version still matched meanwhile (run again, it
 *     resumes); `finish` re-hashes what was written under the older version since, then retires it,
 *     or says how many rows are left and retires nothing. See docs/deploy.md.)
 */
import { parseArgs } from 'node:util';
import { SEED_ROLES } from '@portal/domain';
import { loadConfig } from './config.js';
import { recordedPublicUrl, startRuntime } from './platform/runtime.js';
import { PROTECTED_COLUMNS, hashesPerVersion, rehashColumns, resealColumns } from './platform/protected-columns.js';
import { sql } from 'kysely';
import { provisionEmployer } from './features/employers/index.js';
import { settleBackgroundMail } from './features/auth/index.js';
import { createWorkerSide } from './features/worker-side/index.js';
import { ensureAccount } from './features/payouts/index.js';
import { manageDashboards } from './features/analytics/index.js';
import { setFileUploadLink } from './features/file-link/index.js';
import { setStreamingAccountOptIn } from './features/payroll/index.js';
import { formatRupees, rupeesToPaise } from '@portal/domain';

const [command, ...rest] = process.argv.slice(2);
const list = (v: string | undefined) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []);

async function main(): Promise<number> {
  if (!command || command === 'help' || command === '--help') {
    console.log('commands: create-employer, list-employers, list-roles, recharge, dashboards, file-upload-link, streaming-account, worker, data-keys, blind-index (see the top of apps/server/src/cli.ts)');
    return command ? 0 : 1;
  }
  if (command === 'list-roles') {
    for (const r of SEED_ROLES) console.log(`${r.value}  ${r.roleType.padEnd(8)} ${r.name}: ${r.description}`);
    return 0;
  }
  let runtime;
  try {
    runtime = await startRuntime(loadConfig(), { queue: false, log: console });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    return 1;
  }
  // Links in mails (invitations): the portal's own public URL, as it recorded it at start, unless PUBLIC_URL is given here.
  if (!process.env.PUBLIC_URL) runtime.deps.config.publicUrl = (await recordedPublicUrl(runtime.deps)) ?? runtime.deps.config.publicUrl;
  try {
    if (command === 'list-employers') {
      const rows = await runtime.deps.db.selectFrom('employers').select(['id', 'name', 'created_at']).orderBy('created_at').execute();
      for (const r of rows) console.log(`${r.id}  ${r.name}`);
      return 0;
    }
    if (command === 'create-employer') {
      const { values } = parseArgs({
        args: rest,
        options: {
          name: { type: 'string' },
          'admin-name': { type: 'string' },
          'admin-email': { type: 'string' },
          'admin-mobile': { type: 'string' },
          'admin-branch': { type: 'string', default: 'Head Office' },
          'admin-role': { type: 'string' },
          vendor: { type: 'string', multiple: true },
          approval: { type: 'boolean', default: false },
          'file-upload-link': { type: 'boolean', default: false },
          departments: { type: 'string' },
          grades: { type: 'string' },
          branches: { type: 'string' },
        },
      });
      if (!values.name || !values['admin-name'] || !values['admin-email'] || !values['admin-mobile']) {
        console.error('create-employer needs --name, --admin-name, --admin-email and --admin-mobile');
        return 2;
      }
      const result = await provisionEmployer(runtime.deps, {
        name: values.name,
        config: { isEmployeeApprovalEnabled: values.approval, fileUploadLinkEnabled: values['file-upload-link'] },
        metadata: { departmentIds: list(values.departments), gradeIds: list(values.grades), branchIds: list(values.branches) },
        vendors: (values.vendor ?? []).map((v) => {
          const [name, email, mobile, contractStartDate] = v.split('|').map((s) => s.trim());
          return { name: name!, email: email || undefined, mobile: mobile || undefined, contractStartDate: contractStartDate || undefined };
        }),
        admin: {
          name: values['admin-name'],
          email: values['admin-email'],
          mobile: values['admin-mobile'],
          branchLocation: values['admin-branch'] ?? 'Head Office',
          ...(values['admin-role'] ? { roleId: values['admin-role'] } : {}),
        },
      });
      console.log(`Employer ${result.employer.name} created: ${result.employer.id}`);
      for (const v of result.vendors) console.log(`  vendor ${v.name}: ${v.id}`);
      console.log(`  first admin ${result.admin.email}: invitation sent`);
      return 0;
    }
    if (command === 'data-keys') {
      const { db, protector } = runtime.deps;
      const action = rest[0];
      if (action === 'rotate') {
        const id = await protector.addKey();
        const counts = await resealColumns(db, protector, { rotate: true });
        console.log(`data key ${id} is the current one; re-sealed under it: ${Object.entries(counts).map(([t, n]) => `${t} ${n}`).join(', ')}`);
        console.log('Processes started before this keep sealing under the previous key until they restart; run rotate again after restarting them to leave no value under an older key.');
        return 0;
      }
      if (action === 'rewrap') {
        const n = await protector.rewrapKeys();
        console.log(`${n} data key(s) wrapped again under master key "${protector.currentMasterId}"`);
        return 0;
      }
      if (action === 'status') {
        const keys = await db.selectFrom('data_keys').select(['id', 'master_key_id', 'created_at']).orderBy('id').execute();
        for (const k of keys) console.log(`data key ${k.id}: wrapped under master key "${k.master_key_id}", created ${k.created_at.toISOString()}${k.id === protector.currentKeyId ? ' (current)' : ''}`);
        const index = await db.selectFrom('data_index_key').select('master_key_id').orderBy('id', 'desc').executeTakeFirst();
        if (index) console.log(`blind-index key (keyed hashes of account numbers; \`blind-index status\` for its versions): wrapped under master key "${index.master_key_id}"`);
        for (const { kind, table, column } of PROTECTED_COLUMNS) {
          const col = sql.ref(column);
          const key =
            kind === 'bytes'
              ? sql`case when substring(${col} from 1 for 3) = '\\x504531'::bytea then ('x' || encode(substring(${col} from 4 for 4), 'hex'))::bit(32)::int end`
              : sql`(substring(${col} from '^pe1[.]([0-9]+)[.]'))::int`;
          const { rows } = await sql<{ key: number | null; n: string }>`
            select ${key} as key, count(*) as n
            from ${sql.table(table)} where ${col} is not null group by 1 order by 1`.execute(db);
          console.log(`${table}.${column}: ${rows.map((r) => `${r.key === null ? 'NOT SEALED' : `key ${r.key}`} ${r.n}`).join(', ') || 'empty'}`);
        }
        return 0;
      }
      console.error('data-keys: status | rotate | rewrap');
      return 2;
    }
    if (command === 'blind-index') {
      const { db, protector } = runtime.deps;
      const action = rest[0];
      const counts = (c: Record<string, number>) => Object.entries(c).map(([t, n]) => `${t} ${n}`).join(', ');
      const left = async () => {
        const current = protector.blindIndex().version;
        return Object.values(await hashesPerVersion(db)).flat().filter((r) => r.version !== current).reduce((a, r) => a + r.n, 0);
      };
      if (action === 'status') {
        const keys = await db.selectFrom('data_index_key').select(['id', 'master_key_id', 'created_at']).orderBy('id').execute();
        const current = protector.blindIndex().version;
        for (const k of keys) console.log(`blind-index key version ${k.id}: wrapped under master key "${k.master_key_id}", created ${k.created_at.toISOString()}${k.id === current ? ' (current: hashes are made under it)' : ' (being retired: still matched)'}`);
        for (const [column, rows] of Object.entries(await hashesPerVersion(db))) console.log(`${column}: ${rows.map((r) => `${r.version === null ? 'UNKNOWN' : `version ${r.version}`} ${r.n}`).join(', ') || 'empty'}`);
        if (keys.length > 1) console.log('A rotation is under way: run `blind-index rotate` to go on re-hashing, `blind-index finish` to end it.');
        return 0;
      }
      if (action === 'rotate') {
        const versions = protector.blindIndex().versions;
        if (versions.length > 1) console.log(`A rotation to version ${versions[0]} is under way (version ${versions.slice(1).join(', ')} still matched): re-hashing what is left.`);
        else console.log(`blind-index key version ${await protector.addIndexKey()} added: every process hashes under it within 10 s; version ${versions[0]} is still matched until \`blind-index finish\`.`);
        console.log(`re-hashed under version ${protector.blindIndex().version}: ${counts(await rehashColumns(db, protector))}`);
        console.log(`${await left()} hash(es) left under an older version. Run \`blind-index finish\` (once the sheets that were running when the rotation started are done) to re-hash what was written meanwhile and retire the old version.`);
        return 0;
      }
      if (action === 'finish') {
        console.log(`re-hashed under version ${protector.blindIndex().version}: ${counts(await rehashColumns(db, protector))}`);
        const n = await left();
        if (n > 0) {
          console.error(`${n} hash(es) are still under an older version (rows a running sheet held): nothing retired. Run \`blind-index finish\` again.`);
          return 1;
        }
        const gone = await protector.retireIndexKeys();
        console.log(gone.length ? `blind-index key version ${gone.join(', ')} retired: every hash is under version ${protector.blindIndex().version}.` : `No rotation under way: every hash is under version ${protector.blindIndex().version}.`);
        return 0;
      }
      console.error('blind-index: status | rotate | finish');
      return 2;
    }
    if (command === 'recharge') {
      const { values: v } = parseArgs({ args: rest, options: { employer: { type: 'string' }, amount: { type: 'string' } } });
      const amount = v.amount && /^\d+(\.\d{1,2})?$/.test(v.amount.trim()) ? rupeesToPaise(v.amount) : 0;
      if (!v.employer || amount <= 0) {
        console.error('recharge needs --employer ID and --amount RUPEES (greater than 0, at most 2 decimals)');
        return 2;
      }
      const employer = await runtime.deps.db.selectFrom('employers').select(['id', 'name']).where('id', '=', v.employer).executeTakeFirst().catch(() => undefined);
      if (!employer) {
        console.error(`no employer ${v.employer} (see list-employers)`);
        return 2;
      }
      const account = await ensureAccount(runtime.deps.db, employer.id);
      const credit = await runtime.deps.bank.api.creditVirtualAccount(account, amount);
      console.log(`${formatRupees(credit.amount)} credited by the bank to ${employer.name}'s virtual account ${account} (credit ${credit.id}, UTR ${credit.utr}).`);
      console.log("The balance shows it as soon as the bank's webhook reaches the portal.");
      return 0;
    }
    if (command === 'dashboards') {
      const { values: v } = parseArgs({ args: rest, options: { employer: { type: 'string' }, add: { type: 'string' }, remove: { type: 'string' }, list: { type: 'boolean', default: false } } });
      if (!v.employer || [v.add !== undefined, v.remove !== undefined, v.list].filter(Boolean).length !== 1) {
        console.error('dashboards needs --employer ID and one of --list, --add "Description|https://...", --remove N');
        return 2;
      }
      const { employer, items } = await manageDashboards(runtime.deps.db, v.employer, { add: v.add, remove: v.remove });
      console.log(`${employer}: ${items.length} analytics dashboard(s)`);
      items.forEach((i, k) => console.log(`  ${k + 1}. ${i.description}  ${i.embeddedLink}`));
      return 0;
    }
    if (command === 'file-upload-link') {
      const { values: v } = parseArgs({ args: rest, options: { employer: { type: 'string' }, enable: { type: 'boolean', default: false }, disable: { type: 'boolean', default: false } } });
      if (!v.employer || v.enable === v.disable) {
        console.error('file-upload-link needs --employer ID and one of --enable, --disable');
        return 2;
      }
      const name = await setFileUploadLink(runtime.deps.db, v.employer, v.enable).catch(() => null);
      if (!name) {
        console.error(`no employer ${v.employer} (see list-employers)`);
        return 2;
      }
      console.log(`${name}: File Upload link ${v.enable ? 'enabled' : 'disabled'}`);
      return 0;
    }
    if (command === 'streaming-account') {
      const [employer, setting, ...extra] = rest;
      if (!employer || extra.length > 0 || (setting !== undefined && setting !== 'on' && setting !== 'off')) {
        console.error('streaming-account needs an employer id or exact name, then on or off (or nothing, to print the setting)');
        return 2;
      }
      const r = await setStreamingAccountOptIn(runtime.deps.db, employer, setting === undefined ? undefined : setting === 'on');
      if (!r.ok) {
        console.error(r.reason === 'ambiguous' ? `${r.matches} employers are named ${employer}: give the id (see list-employers)` : `no employer ${employer} (see list-employers)`);
        return 2;
      }
      const state = (on: boolean) => (on ? 'on' : 'off');
      if (setting === undefined) console.log(`${r.name} (${r.employerId}): payroll through the streaming account is ${state(r.after)}`);
      else if (r.before === r.after) console.log(`${r.name} (${r.employerId}): payroll through the streaming account was already ${state(r.after)}`);
      else console.log(`${r.name} (${r.employerId}): payroll through the streaming account turned ${state(r.after)}`);
      return 0;
    }
    if (command === 'worker') {
      const [sub, ...args] = rest;
      const { values: v } = parseArgs({
        args,
        options: {
          employer: { type: 'string' }, vendor: { type: 'string' }, mobile: { type: 'string' }, name: { type: 'string' },
          'worker-id': { type: 'string' }, salary: { type: 'string' }, joined: { type: 'string' }, worker: { type: 'string' },
          day: { type: 'string' }, status: { type: 'string' }, amount: { type: 'string' }, disburse: { type: 'boolean', default: false },
        },
      });
      const side = createWorkerSide(runtime.deps);
      if (sub === 'register' && v.employer && v.mobile && v.name && v['worker-id'] && v.salary && v.joined) {
        const w = await side.register({ employerId: v.employer, vendorId: v.vendor ?? null, mobile: v.mobile, fullName: v.name, employerWorkerId: v['worker-id'], monthlySalary: rupeesToPaise(v.salary), joinedAt: v.joined });
        console.log(`worker ${w.id} (${w.approval_status ?? 'linked'})`);
        return 0;
      }
      if (sub === 'attendance' && v.worker && v.day && v.status) {
        await side.markAttendance(v.worker, v.day, v.status as 'PRESENT');
        console.log('marked');
        return 0;
      }
      if (sub === 'availability' && v.worker) {
        const a = await side.availability(v.worker);
        console.log(`available ${formatRupees(a.available)}, withdrawn this month ${formatRupees(a.withdrawn)}, allowed ${a.isWithdrawalAllowed}`);
        return 0;
      }
      if (sub === 'advance' && v.worker && v.amount) {
        const id = await side.requestAdvance(v.worker, rupeesToPaise(v.amount));
        // With the employer's approval on, the request waits for an admin on EWA Requests (decision 0024).
        const held = (await side.advance(id)).employerApproval === 'PENDING';
        if (v.disburse && !held) await side.disburse(id);
        console.log(`advance ${id}${held ? " requested, waiting for the employer's approval" : v.disburse ? ' transferred' : ' requested'}`);
        return 0;
      }
      console.error('worker: register | attendance | availability | advance, with the options shown at the top of apps/server/src/cli.ts');
      return 2;
    }
    console.error(`unknown command: ${command}`);
    return 1;
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    return 1;
  } finally {
    // Without a queue, an invitation is mailed from this process after its transaction: wait for it.
    await settleBackgroundMail();
    await runtime.stop();
  }
}

process.exit(await main());
