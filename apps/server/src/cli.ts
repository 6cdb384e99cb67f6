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
 *   (rupees on the command line; paise inside)
 */
import { parseArgs } from 'node:util';
import { SEED_ROLES } from '@portal/domain';
import { loadConfig } from './config.js';
import { startRuntime } from './platform/runtime.js';
import { provisionEmployer } from './features/employers/index.js';
import { createWorkerSide } from './features/worker-side/index.js';
import { formatRupees, rupeesToPaise } from '@portal/domain';

const [command, ...rest] = process.argv.slice(2);
const list = (v: string | undefined) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []);

async function main(): Promise<number> {
  if (!command || command === 'help' || command === '--help') {
    console.log('commands: create-employer, list-employers, list-roles, worker (see the top of apps/server/src/cli.ts)');
    return command ? 0 : 1;
  }
  if (command === 'list-roles') {
    for (const r of SEED_ROLES) console.log(`${r.value}  ${r.roleType.padEnd(8)} ${r.name}: ${r.description}`);
    return 0;
  }
  const runtime = await startRuntime(loadConfig(), { queue: false, log: console });
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
        if (v.disburse) await side.disburse(id);
        console.log(`advance ${id}${v.disburse ? ' transferred' : ' requested'}`);
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
    await runtime.stop();
  }
}

process.exit(await main());
