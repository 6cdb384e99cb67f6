/**
 * The payroll screens' outcomes and refusals in words (issue 20, item 4; decision 0033). Apart from
 * PAYROLL_MSG, which every bundle shares, so that only the payroll screens load them.
 */
export const PAYROLL_OUTCOME_MSG = {
  /** An executed payroll some of whose payouts failed: the counts and the way out. */
  partlyPaid: (paid: number, total: number, failed: number) => `${paid} of ${total} paid, ${failed} failed`,
  rerunFromFailedTab: 're-run them from the Failed tab',
  /** The same way out for an admin without WRITE on payroll (who cannot re-run). */
  rerunByWriter: 'an admin with payroll write access can re-run them from the Failed tab',
  rerunByWriterSentence: 'An admin with payroll write access can re-run the failed payouts from the Failed tab.',
  /** The re-run window has closed (the returned amount is not claimed: the API does not show it). */
  rerunClosed: 'The payroll window has closed, so they can no longer be re-run.',
  /** The counts under a status: "45 of 48 paid, 3 pending". */
  outcomeCounts: (paid: number, total: number, pending: number, failed: number) =>
    [`${paid} of ${total} paid`, ...(pending > 0 ? [`${pending} pending`] : []), ...(failed > 0 ? [`${failed} failed`] : [])].join(', '),
  /** Execute refused because another tab or admin executed the payroll first. */
  alreadyExecutedTitle: 'Payroll already executed',
  alreadyExecutedBy: (month: string, by: string | null, at: string | null) =>
    `The payroll for ${month} was already executed${by ? ` by ${by}` : ''}${at ? ` on ${at}` : ''}. Here is where its payouts stand.`,
  /** Re-run refused because a re-run of the same payouts is under way. */
  rerunUnderWayTitle: 'Re-run already under way',
  rerunUnderWay: 'The failed payouts are already being re-run (started from another tab or by another admin). Their progress is shown here.',
  /** Re-run refused because the failed payouts were already re-run and settled. */
  rerunAlreadyDone: 'The failed payouts were already re-run. Here is where they stand now.',
} as const;
