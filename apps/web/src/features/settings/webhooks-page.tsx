import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Checkbox, Code, Group, Menu, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconDots, IconWebhook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MSG,
  canAccessArea,
  formatDateTimeIst,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhookEventType,
  type WebhookSecretResult,
} from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { ListView, PageTitle, Unauthorized, errorMessage, notifyApiError, notifySuccess, useListState, type DataTableColumn } from '../../shared/ui';
import { addWebhookEndpoint, pingWebhook, removeWebhook, replayWebhookDelivery, rotateWebhookSecret, webhookDeliveriesQuery, webhookEndpointsQuery } from './api';
import { integrationKeys } from '../../shared/api/integration-keys';
import { ShownOnceSecret } from './shown-once-secret';

const DELIVERIES_PAGE = 25;
const close = { 'aria-label': 'Close' };
const statusBadge = (s: WebhookDeliveryRow['status']) => (
  <Badge variant="light" color={s === 'DELIVERED' ? 'green' : s === 'FAILED' ? 'red' : 'blue'}>
    {s === 'DELIVERED' ? 'Delivered' : s === 'FAILED' ? 'Failed' : 'Retrying'}
  </Badge>
);

/**
 * Settings > Webhooks (issue 26, decision 0045): the endpoints that hear of the employer's events,
 * and the delivery log (every attempt's outcome; Replay sends an event again with its id).
 */
export function WebhooksPage() {
  const profile = useQuery(profileQuery());
  const canRead = canAccessArea(profile.data?.resources, 'ADMIN', 'READ', false);
  const canWrite = canAccessArea(profile.data?.resources, 'ADMIN', 'WRITE', false);
  const endpoints = useQuery({ ...webhookEndpointsQuery(), enabled: canRead });
  const endpointList = useListState({});
  const deliveryList = useListState({ pageSizes: [DELIVERIES_PAGE], defaultPageSize: DELIVERIES_PAGE });
  const deliveries = useQuery({ ...webhookDeliveriesQuery(deliveryList.page), enabled: canRead });
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(0);
  const [secret, setSecret] = useState<WebhookSecretResult | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointRow | null>(null);
  const [viewing, setViewing] = useState<WebhookDeliveryRow | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks() });
  const act = useMutation({
    mutationFn: async (a: { kind: 'ping' | 'rotate' | 'remove' | 'replay'; id: string }): Promise<{ message: string; rotated?: WebhookSecretResult }> => {
      if (a.kind === 'rotate') {
        const rotated = await rotateWebhookSecret(a.id);
        return { message: rotated.message, rotated };
      }
      return a.kind === 'ping' ? pingWebhook(a.id) : a.kind === 'remove' ? removeWebhook(a.id) : replayWebhookDelivery(a.id);
    },
    onSuccess: (res) => {
      if (res.rotated) setSecret(res.rotated);
      else notifySuccess(res.message);
      setRemoving(null);
      refresh();
    },
    onError: (error) => notifyApiError(error),
  });
  if (!canRead) return <Unauthorized />;

  const endpointColumns: DataTableColumn<WebhookEndpointRow>[] = [
    {
      key: 'url',
      header: 'Endpoint',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {row.url}
          </Text>
          <Text size="xs" c="dimmed">
            Added by {row.createdBy}, {formatDateTimeIst(row.createdAt)}
            {row.previousSecretUntil ? `; the previous secret signs too until ${formatDateTimeIst(row.previousSecretUntil)}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (row) => (
        <Badge variant="light" color={row.removedAt ? 'gray' : 'green'}>
          {row.removedAt ? 'Removed' : 'Active'}
        </Badge>
      ),
    },
    { key: 'events', header: 'Events', render: (row) => <Text size="sm">{row.events.join(', ')}</Text> },
  ];
  if (canWrite) {
    endpointColumns.push({
      key: 'action',
      header: 'Action',
      width: 90,
      render: (row) =>
        row.removedAt ? null : (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-sm" variant="light" aria-label={`Actions of ${row.url}`} rightSection={<IconDots size={14} aria-hidden />}>
                Actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => act.mutate({ kind: 'ping', id: row.id })}>Send test event</Menu.Item>
              <Menu.Item onClick={() => act.mutate({ kind: 'rotate', id: row.id })}>Rotate signing secret</Menu.Item>
              <Menu.Item color="red" onClick={() => setRemoving(row)}>
                Remove
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ),
    });
  }

  const deliveryColumns: DataTableColumn<WebhookDeliveryRow>[] = [
    { key: 'createdAt', header: 'Time (IST)', nowrap: true, render: (row) => formatDateTimeIst(row.createdAt) },
    {
      key: 'eventType',
      header: 'Event',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.eventType}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {row.eventId}
          </Text>
        </Stack>
      ),
    },
    { key: 'status', header: 'Status', nowrap: true, render: (row) => statusBadge(row.status) },
    {
      key: 'result',
      header: 'Last attempt',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">
            {row.attempts === 0 ? 'Not sent yet' : row.lastError ?? `HTTP ${row.lastStatusCode}`} {row.attempts > 1 ? `(${row.attempts} attempts)` : ''}
          </Text>
          {row.status === 'PENDING' && row.nextAttemptAt ? (
            <Text size="xs" c="dimmed">
              Next attempt {formatDateTimeIst(row.nextAttemptAt)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      width: 150,
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" aria-label={`View delivery of ${row.eventType} ${row.eventId}`} onClick={() => setViewing(row)}>
            View
          </Button>
          {canWrite && row.status !== 'PENDING' ? (
            <Button size="compact-sm" variant="light" aria-label={`Replay ${row.eventType} ${row.eventId}`} onClick={() => act.mutate({ kind: 'replay', id: row.id })}>
              Replay
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle
        title="Webhooks"
        description="Your systems hear of what happens in the portal at an HTTPS address of yours. Each delivery is signed with the endpoint's secret and retried for 24 hours until it is answered with 2xx."
        actions={
          <>
            <Button component={Link} to="/settings" variant="default" leftSection={<IconArrowLeft size={16} stroke={1.8} aria-hidden />}>
              Admin users
            </Button>
            {canWrite ? (
              <Button leftSection={<IconWebhook size={16} stroke={1.8} aria-hidden />} onClick={() => setAdding((n) => n + 1)}>
                Add endpoint
              </Button>
            ) : null}
          </>
        }
      />
      <ListView<WebhookEndpointRow>
        label="Webhook endpoints"
        state={endpointList}
        columns={endpointColumns}
        rows={endpoints.data?.endpoints}
        rowKey={(row) => row.id}
        minWidth={760}
        loading={endpoints.isPending}
        error={endpoints.isError ? errorMessage(endpoints.error) : null}
        emptyMessage="No endpoints yet"
        emptyDescription="Add the address of your system that should hear of uploads, payrolls, payouts and approvals."
      />
      <Title order={2} size="h4">
        Deliveries
      </Title>
      <ListView<WebhookDeliveryRow>
        label="Webhook deliveries"
        state={deliveryList}
        columns={deliveryColumns}
        rows={deliveries.data?.deliveries}
        total={deliveries.data?.total}
        rowKey={(row) => row.id}
        minWidth={820}
        pageSizeSelect={false}
        loading={deliveries.isPending}
        error={deliveries.isError ? errorMessage(deliveries.error) : null}
        emptyMessage="No deliveries yet"
      />
      {adding > 0 ? (
        <AddEndpointDialog
          key={adding}
          onClose={() => setAdding(0)}
          onAdded={(res) => {
            setAdding(0);
            setSecret(res);
            refresh();
          }}
        />
      ) : null}
      {secret ? <SecretDialog result={secret} onClose={() => setSecret(null)} /> : null}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove endpoint" centered closeButtonProps={close}>
        <Stack>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Remove <b>{removing?.url}</b>? Nothing more is sent to it, retries included. Its past deliveries stay in the log.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button color="red" loading={act.isPending} onClick={() => removing && act.mutate({ kind: 'remove', id: removing.id })}>
              Remove endpoint
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title="Delivery" centered size="lg" closeButtonProps={close}>
        {viewing ? (
          <Stack gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              To {viewing.url}: {statusBadge(viewing.status)}
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {JSON.stringify(JSON.parse(viewing.body), null, 2)}
            </Code>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

function AddEndpointDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (res: WebhookSecretResult) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const add = useMutation({ mutationFn: () => addWebhookEndpoint({ url: url.trim(), events }), onSuccess: onAdded });
  return (
    <Modal opened onClose={onClose} title="Add endpoint" centered size="lg" closeButtonProps={close}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <Stack>
          <TextInput label="Endpoint address" placeholder="https://hr.example.com/portal-events" value={url} onChange={(e) => setUrl(e.currentTarget.value)} required data-autofocus />
          <Checkbox.Group label="Events" description="What this endpoint hears of" value={events} onChange={(v) => setEvents(v as WebhookEventType[])}>
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENT_TYPES.map((t) => (
                <Checkbox key={t} value={t} label={`${t}: ${WEBHOOK_EVENT_LABELS[t]}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          {add.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(add.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending} disabled={events.length === 0 || url.trim() === ''} title={events.length === 0 ? WEBHOOK_MSG.eventsRequired : undefined}>
              Add endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SecretDialog({ result, onClose }: { result: WebhookSecretResult; onClose: () => void }) {
  return (
    <ShownOnceSecret title="Signing secret" warning={result.message} secret={result.secret} testId="webhook-secret" copyLabel="Copy secret" onClose={onClose}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        For <b>{result.endpoint.url}</b>. Check each delivery's <Code>portal-signature</Code> header with it (docs/integrations.md).
      </Text>
    </ShownOnceSecret>
  );
}
