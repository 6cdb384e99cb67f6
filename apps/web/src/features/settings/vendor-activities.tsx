import { Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTimeIst } from '@portal/domain';
import { DataTable, PageTitle, errorMessage, type DataTableColumn } from '../../shared/ui';
import { activityQuery, type ActivityList } from './api';

type Row = ActivityList['activities'][number];

/** Vendor settings: what the vendor's admins did, newest first (GET /employer-admin/activity with the vendorId). */
export function VendorActivities({ vendorId }: { vendorId: string }) {
  const activity = useQuery(activityQuery(vendorId));
  const admins = new Map((activity.data?.employerAdminsDetails ?? []).map((a) => [a._id, a]));
  const columns: DataTableColumn<Row>[] = [
    { key: 'at', header: 'Time (IST)', width: 200, render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeIst(row.updatedAt)}</span> },
    { key: 'admin', header: 'Admin', render: (row) => admins.get(row.employerAdminId)?.name ?? 'NA' },
    { key: 'activity', header: 'Activity', render: (row) => row.description },
  ];
  return (
    <Stack gap="sm">
      <PageTitle title="Vendor admin activities" description="What this vendor's admins did in the portal, newest first." />
      <Paper withBorder>
        <DataTable
          label="Vendor admin activities"
          columns={columns}
          rows={activity.data?.activities}
          rowKey={(row) => row._id}
          minWidth={640}
          loading={activity.isPending}
          error={activity.isError ? errorMessage(activity.error) : null}
        />
      </Paper>
    </Stack>
  );
}
