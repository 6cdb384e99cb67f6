/** The vendor cards: one query, the employees count from the counts the triggers keep (decision 0011). */
import type { VendorCard } from '@portal/domain';
import type { Database } from '../../platform/database.js';
import type { AdminRecord } from '../../db/schema.js';

export async function listVendors(db: Database, admin: Pick<AdminRecord, 'employer_id' | 'vendor_id'>): Promise<VendorCard[]> {
  let q = db
    .selectFrom('vendors as v')
    .leftJoin('worker_context_counts as c', (j) => j.onRef('c.employer_id', '=', 'v.employer_id').onRef('c.vendor_key', '=', 'v.id'))
    .select(['v.id', 'v.name', 'v.logo_url', 'v.email', 'v.mobile', 'v.contract_start_date', 'c.n'])
    .where('v.employer_id', '=', admin.employer_id)
    .orderBy('v.name')
    .orderBy('v.id');
  if (admin.vendor_id) q = q.where('v.id', '=', admin.vendor_id);
  const rows = await q.execute();
  return rows.map((r) => ({
    vendor: {
      _id: r.id,
      name: r.name,
      vendorInfo: { logoUrl: r.logo_url, email: r.email, mobileNumber: r.mobile, contractStartDate: r.contract_start_date },
    },
    employeesCount: Number(r.n ?? 0),
  }));
}

