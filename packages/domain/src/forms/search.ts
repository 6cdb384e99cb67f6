/** The date search of Salary Topups (spec 2.12, 5.1): From Date and To Date, applied on Search. */
import * as z from 'zod/mini';
import { checkTopupDates } from '../worker-transactions.js';

/**
 * Valid dates, not after today, To not before From, with 5.1's messages. The one message of the
 * pair sits on To Date (the screen shows it as one line under both). `today` is the business date.
 */
export const topupSearchForm = (today: string) =>
  z.object({ startDate: z.string(), endDate: z.string() }).check(
    z.superRefine((v, ctx) => {
      const problem = checkTopupDates(v.startDate, v.endDate, today);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v, path: ['endDate'] });
    }),
  );
export type TopupSearchInput = z.infer<ReturnType<typeof topupSearchForm>>;
