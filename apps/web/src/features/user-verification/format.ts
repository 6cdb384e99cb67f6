/** Cell texts of the pending-workers table (spec 3, 9). Pure. */
import { businessDate, formatDdMmYyyy, formatRupees, paiseToRupeesText } from '@portal/domain';

export const NA = 'NA';

/** dd/mm/yyyy of a yyyy-mm-dd date or of an instant's business date (Asia/Kolkata); "NA" when missing. */
export function tableDate(value: string | null | undefined): string {
  if (!value) return NA;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDdMmYyyy(value);
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? NA : formatDdMmYyyy(businessDate(at));
}

export const salaryText = (paise: number): string => formatRupees(paise);

/** The Modify box starts from the current salary in whole rupees (paise dropped: 5.4 wants a whole number). */
export const salaryInputOf = (paise: number): string => paiseToRupeesText(Math.trunc(paise / 100) * 100);
