/** The zod wire schemas of ../vendors.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';

export const VendorCard = z.object({
  vendor: z.object({
    _id: z.string(),
    name: z.string(),
    vendorInfo: z.object({
      logoUrl: z.string().nullable(),
      email: z.string().nullable(),
      mobileNumber: z.string().nullable(),
      /** yyyy-mm-dd */
      contractStartDate: z.string().nullable(),
    }),
  }),
  employeesCount: z.number().int(),
});
export type VendorCard = z.infer<typeof VendorCard>;
export const VendorListResult = z.array(VendorCard);
export type VendorListResult = z.infer<typeof VendorListResult>;
