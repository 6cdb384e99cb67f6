import { useState } from 'react';
import { Alert, Button, Code, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_KEY_MSG, API_KEY_NAME_MAX, apiKeyResources, apiKeyScopeText, type AccessType, type ApiKeyCreated, type Resource } from '@portal/domain';
import { vendorsQuery } from '../../shared/auth/profile';
import { SegmentedChoice, errorMessage } from '../../shared/ui';
import { createApiKey } from './api';
import { ShownOnceSecret } from './shown-once-secret';
import { integrationKeys } from '../../shared/api/integration-keys';

type Level = 'NONE' | AccessType;
const LEVELS: { value: Level; label: string }[] = [
  { value: 'NONE', label: 'None' },
  { value: 'READ', label: 'Read' },
  { value: 'WRITE', label: 'Write' },
];
const ORGANISATION = '';

/**
 * Create API key: a name, the whole organisation or one vendor, and None / Read / Write per area
 * (the areas of spec 6's roles). Created, the secret is shown once with a copy button; closing the
 * dialog is the last time anyone sees it.
 */
export function ApiKeyDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const vendors = useQuery(vendorsQuery());
  const [name, setName] = useState('');
  const [vendorId, setVendorId] = useState<string>(ORGANISATION);
  const [levels, setLevels] = useState<Partial<Record<Resource, Level>>>({});
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const resources = apiKeyResources(vendorId !== ORGANISATION);
  const scope = Object.fromEntries(resources.filter((r) => (levels[r] ?? 'NONE') !== 'NONE').map((r) => [r, [levels[r] as AccessType]]));

  const create = useMutation({
    mutationFn: () => createApiKey({ name: name.trim(), vendorId: vendorId || null, resources: scope }),
    onSuccess: (res) => {
      setCreated(res);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys() });
    },
  });
  const submit = () => {
    const trimmed = name.trim();
    const problem = trimmed === '' ? API_KEY_MSG.nameRequired : trimmed.length > API_KEY_NAME_MAX ? API_KEY_MSG.nameTooLong : null;
    setNameError(problem);
    if (!problem) create.mutate();
  };
  const noAccess = Object.keys(scope).length === 0;

  if (created) {
    return (
      <ShownOnceSecret
        title="API key created"
        warning={`${API_KEY_MSG.created} Keep it in your system's secret store; anyone holding it acts with its access.`}
        secret={created.secret}
        testId="api-key-secret"
        copyLabel="Copy key"
        onClose={onClose}
      >
        <Text size="sm">
          <b>{created.key.name}</b>: {apiKeyScopeText(created.key.resources)}
          {created.key.vendorName ? `, vendor ${created.key.vendorName} only` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          Send it as <Code>Authorization: Bearer {created.key.shown}…</Code> (docs/integrations.md).
        </Text>
      </ShownOnceSecret>
    );
  }

  const label = (r: string) => apiKeyScopeText({ [r]: ['READ'] }).replace(/: Read$/, '');
  return (
    <Modal opened onClose={onClose} title="Create API key" centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Key name"
            description="Say which system uses it, e.g. Payroll sync"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => name !== '' && setNameError(name.trim() === '' ? API_KEY_MSG.nameRequired : null)}
            error={nameError}
            maxLength={API_KEY_NAME_MAX + 20}
            data-autofocus
            required
          />
          <Select
            label="Works in"
            data={[{ value: ORGANISATION, label: 'The whole organisation' }, ...(vendors.data ?? []).map((v) => ({ value: v.vendor._id, label: `Vendor ${v.vendor.name} only` }))]}
            value={vendorId}
            onChange={(v) => {
              setVendorId(v ?? ORGANISATION);
              setLevels({});
            }}
            allowDeselect={false}
          />
          <Table verticalSpacing={6} aria-label="Access of the key">
            <Table.Tbody>
              {resources.map((r) => (
                <Table.Tr key={r}>
                  <Table.Td>
                    <Text size="sm">{label(r)}</Text>
                    {r.includes('_VENDORS_') && vendorId === ORGANISATION ? (
                      <Text size="xs" c="dimmed">
                        in every vendor
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td align="right">
                    <SegmentedChoice size="xs" label={`${label(r)} access`} data={LEVELS} value={levels[r] ?? 'NONE'} onChange={(v) => setLevels((l) => ({ ...l, [r]: v }))} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {create.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(create.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={noAccess} title={noAccess ? API_KEY_MSG.noAccess : undefined}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
