import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_KEY_REQUESTS_PER_MINUTE, apiKeyScopeText, canAccessArea, formatDateTimeIst, type ApiKeyRow } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { ListView, PageTitle, Unauthorized, errorMessage, notifyApiError, notifySuccess, useListState, type DataTableColumn } from '../../shared/ui';
import { ApiKeyDialog } from './api-key-dialog';
import { apiKeyListQuery, revokeApiKey} from './api';
import { integrationKeys } from '../../shared/api/integration-keys';

/**
 * Settings > API keys (issue 26, decision 0044): the employer's keys, for its own systems. READ
 * lists them (name, the key's first characters, scope, creator, created, last used, status);
 * WRITE creates one (its secret shown once) and revokes one after a confirmation.
 */
export function ApiKeysPage() {
  const profile = useQuery(profileQuery());
  const canRead = canAccessArea(profile.data?.resources, 'ADMIN', 'READ', false);
  const canWrite = canAccessArea(profile.data?.resources, 'ADMIN', 'WRITE', false);
  const keys = useQuery({ ...apiKeyListQuery(), enabled: canRead });
  const list = useListState({});
  const [creating, setCreating] = useState(0);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (key: ApiKeyRow) => revokeApiKey(key.id),
    onSuccess: (res) => {
      notifySuccess(res.message);
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys() });
    },
    onError: (error) => notifyApiError(error),
  });
  if (!canRead) return <Unauthorized />;

  const columns: DataTableColumn<ApiKeyRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {row.shown}…
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      width: 110,
      render: (row) =>
        row.revokedAt ? (
          <Badge color="gray" variant="light">
            Revoked
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            Active
          </Badge>
        ),
    },
    {
      key: 'scope',
      header: 'Scope',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{apiKeyScopeText(row.resources)}</Text>
          <Text size="xs" c="dimmed">
            {row.vendorName ? `Vendor ${row.vendorName} only` : 'The whole organisation'}
          </Text>
        </Stack>
      ),
    },
    { key: 'createdBy', header: 'Created by', render: (row) => row.createdBy },
    { key: 'createdAt', header: 'Created (IST)', nowrap: true, render: (row) => formatDateTimeIst(row.createdAt) },
    {
      key: 'lastUsedAt',
      header: 'Last used (IST)',
      nowrap: true,
      render: (row) =>
        row.revokedAt ? (
          <Text size="sm" c="dimmed">
            Revoked {formatDateTimeIst(row.revokedAt)}
            {row.revokedBy ? ` by ${row.revokedBy}` : ''}
          </Text>
        ) : row.lastUsedAt ? (
          formatDateTimeIst(row.lastUsedAt)
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'action',
      header: 'Action',
      width: 110,
      render: (row) =>
        row.revokedAt ? null : (
          <Button size="compact-sm" variant="light" color="red" aria-label={`Revoke ${row.name}`} onClick={() => setRevoking(row)}>
            Revoke
          </Button>
        ),
    });
  }

  return (
    <Stack gap="lg">
      <PageTitle
        title="API keys"
        description={`Keys let your HR or payroll system call the portal with the access you give them, as an admin with that role would. A key makes up to ${API_KEY_REQUESTS_PER_MINUTE} requests a minute; every change it makes is in the activity trail under its name.`}
        actions={
          <>
            <Button component={Link} to="/settings" variant="default" leftSection={<IconArrowLeft size={16} stroke={1.8} aria-hidden />}>
              Admin users
            </Button>
            {canWrite ? (
              <Button leftSection={<IconKey size={16} stroke={1.8} aria-hidden />} onClick={() => setCreating((n) => n + 1)}>
                Create API key
              </Button>
            ) : null}
          </>
        }
      />
      <ListView<ApiKeyRow>
        label="API keys"
        state={list}
        columns={columns}
        rows={keys.data?.keys}
        rowKey={(row) => row.id}
        minWidth={900}
        loading={keys.isPending}
        error={keys.isError ? errorMessage(keys.error) : null}
        emptyMessage="No API keys yet"
        emptyDescription="Create one for each system that calls the portal, so that each can be revoked on its own."
      />
      {creating > 0 ? <ApiKeyDialog key={creating} onClose={() => setCreating(0)} /> : null}
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke API key" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text size="sm">
            Revoke <b>{revoking?.name}</b>? Every call made with it is refused from now on. This cannot be undone; a system that still needs access gets a new key.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => revoking && revoke.mutate(revoking)}>
              Revoke key
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
