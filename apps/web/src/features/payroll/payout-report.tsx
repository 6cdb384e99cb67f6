/**
 * The payout report (FINAL_REPORT, docs/payroll-design.md "Payout report"): an executed payroll's
 * `finalReport` location, fetched through GET /employer-admin/doc like the payroll's other files and
 * saved under the server's name (payroll-report-{yyyy-mm}.xlsx). The server builds it at the call, so
 * a re-run's results are in it. A failure is an error toast (spec 8: payroll downloads).
 */
import { ActionIcon, Button } from '@mantine/core';
import { IconReportMoney } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { PAYROLL_REPORT_MSG } from '@portal/domain';
import { errorMessage, notifyError } from '../../shared/ui';
import { DeferredTooltip } from '../../shared/ui/deferred-tooltip';
import { downloadStoredDocument } from './api';

/** Saves the payout report of a location; `variables` is the location being saved. */
export function usePayoutReportDownload(vendorId: string | null) {
  return useMutation({
    mutationFn: (location: string) => downloadStoredDocument(location, vendorId),
    onError: (error) => notifyError(errorMessage(error), { title: 'Download failed' }),
  });
}

/** The payout screen's button. */
export function PayoutReportButton({ location, vendorId }: { location: string; vendorId: string | null }) {
  const download = usePayoutReportDownload(vendorId);
  return (
    <Button variant="default" leftSection={<IconReportMoney size={16} stroke={1.8} aria-hidden />} loading={download.isPending} onClick={() => download.mutate(location)}>
      {PAYROLL_REPORT_MSG.download}
    </Button>
  );
}

/** The history's compact icon, named for its month ("Download payout report for October 2026"). */
export function PayoutReportIcon({ location, monthLabel, loading, onDownload }: { location: string; monthLabel: string; loading: boolean; onDownload: (location: string) => void }) {
  const label = PAYROLL_REPORT_MSG.downloadFor(monthLabel);
  return (
    <DeferredTooltip label={label}>
      <ActionIcon variant="subtle" size="lg" aria-label={label} loading={loading} onClick={() => onDownload(location)}>
        <IconReportMoney size={20} stroke={1.7} aria-hidden />
      </ActionIcon>
    </DeferredTooltip>
  );
}
