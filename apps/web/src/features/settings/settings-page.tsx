import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconHistory, IconKey, IconUserPlus, IconWebhook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { canAccessArea } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { ListView, PageTitle, Unauthorized, errorMessage, useListState, type DataTableColumn } from '../../shared/ui';
import { AdminFormDialog } from './admin-form-dialog';
import { adminListQuery, type AdminRow } from './api';
import { VendorActivities } from './vendor-activities';
import { useVendorId } from '../../shared/auth/vendor-context';

type DialogState = { kind: 'closed' } | { kind: 'add' } | { kind: 'manage'; admin: AdminRow };

/**
 * Settings (spec 2.16): the admins of the employer, or of one vendor when the URL carries a
 * vendorId. READ lists them; WRITE adds the "Add new admin" button and Manage on every row but
 * one's own.
 */
export function SettingsPage() {
  const vendorId = useVendorId();
  const vendorContext = vendorId !== null;
  const profile = useQuery(profileQuery());
  const resources = profile.data?.resources;
  const canRead = canAccessArea(resources, 'ADMIN', 'READ', vendorContext);
  const canWrite = canAccessArea(resources, 'ADMIN', 'WRITE', vendorContext);
  const admins = useQuery({ ...adminListQuery(vendorId), enabled: canRead });
  // The admins come whole (a context has a handful): no pages, search or sort to keep in the URL.
  const list = useListState({});
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  const [dialogKey, setDialogKey] = useState(0);

  if (!canRead) return <Unauthorized />;

  const open = (next: DialogState) => {
    setDialogKey((k) => k + 1);
    setDialog(next);
  };
  const myId = profile.data?._id;

  const columns: DataTableColumn<AdminRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {row.name}
          </Text>
          {row._id === myId ? (
            <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
              You
            </Badge>
          ) : null}
          {row.status === 'INVITED' ? (
            <Badge size="xs" variant="light" color="orange" style={{ flexShrink: 0 }}>
              Invited
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'role', header: 'Role', render: (row) => row.roles.map((r) => r.name).join(', ') },
    { key: 'email', header: 'Email Id', render: (row) => <span style={{ overflowWrap: 'anywhere' }}>{row.email}</span> },
    { key: 'mobile', header: 'Mobile', nowrap: true, render: (row) => row.mobile },
  ];
  if (canWrite) {
    columns.push({
      key: 'action',
      header: 'Action',
      width: 120,
      render: (row) =>
        row._id === myId ? null : (
          <Button size="compact-sm" variant="light" aria-label={`Manage ${row.name}`} onClick={() => open({ kind: 'manage', admin: row })}>
            Manage
          </Button>
        ),
    });
  }

  return (
    <Stack gap="lg">
      <PageTitle
        title="Admin users"
        description={vendorContext ? 'People who manage this vendor in the portal.' : 'People who can sign in to this portal for your organisation.'}
        actions={
          <>
            {vendorContext ? null : (
              <>
                <Button component={Link} to="/settings/activity" variant="default" leftSection={<IconHistory size={16} stroke={1.8} aria-hidden />}>
                  Activity trail
                </Button>
                <Button component={Link} to="/settings/api-keys" variant="default" leftSection={<IconKey size={16} stroke={1.8} aria-hidden />}>
                  API keys
                </Button>
                <Button component={Link} to="/settings/webhooks" variant="default" leftSection={<IconWebhook size={16} stroke={1.8} aria-hidden />}>
                  Webhooks
                </Button>
              </>
            )}
            {canWrite ? (
              <Button leftSection={<IconUserPlus size={16} stroke={1.8} aria-hidden />} onClick={() => open({ kind: 'add' })}>
                Add new admin
              </Button>
            ) : null}
          </>
        }
      />
      <ListView<AdminRow>
        label="Admin users"
        state={list}
        columns={columns}
        rows={admins.data?.admins}
        rowKey={(row) => row._id}
        minWidth={760}
        loading={admins.isPending}
        error={admins.isError ? errorMessage(admins.error) : null}
      />
      {vendorId ? <VendorActivities vendorId={vendorId} /> : null}
      {dialog.kind !== 'closed' ? (
        <AdminFormDialog
          key={dialogKey}
          opened
          onClose={() => setDialog({ kind: 'closed' })}
          admin={dialog.kind === 'manage' ? dialog.admin : null}
          vendorId={vendorId}
        />
      ) : null}
    </Stack>
  );
}
