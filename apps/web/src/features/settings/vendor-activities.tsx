import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTimeIst } from '@portal/domain';
import { ListView, PageTitle, errorMessage, useListState, type DataTableColumn } from '../../shared/ui';
import { activityQuery, type ActivityList } from './api';

type Row = ActivityList['activities'][number];

/** Vendor settings: what the vendor's admins did, newest first (GET /employer-admin/activity with the vendorId). */
export function VendorActivities({ vendorId }: { vendorId: string }) {
  const activity = useQuery(activityQuery(vendorId));
  // The server's recent activities come whole (newest first): no pages to keep in the URL.
  const list = useListState({});
  const admins = new Map((activity.data?.employerAdminsDetails ?? []).map((a) => [a._id, a]));
  const columns: DataTableColumn<Row>[] = [
    { key: 'at', header: 'Time (IST)', width: 200, nowrap: true, render: (row) => formatDateTimeIst(row.updatedAt) },
    { key: 'admin', header: 'Admin', render: (row) => admins.get(row.employerAdminId)?.name ?? 'NA' },
    { key: 'activity', header: 'Activity', render: (row) => row.description },
  ];
  return (
    <Stack gap="sm">
      <PageTitle title="Vendor admin activities" description="What this vendor's admins did in the portal, newest first." />
      <ListView<Row>
        label="Vendor admin activities"
        state={list}
        columns={columns}
        rows={activity.data?.activities}
        rowKey={(row) => row._id}
        minWidth={640}
        loading={activity.isPending}
        error={activity.isError ? errorMessage(activity.error) : null}
      />
    </Stack>
  );
}
