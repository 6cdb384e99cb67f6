import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminDialogForm, MOBILE_LENGTH, MSG, NAME_MAX_LENGTH, rolesForContext, type AdminDialogInput, type AdminFormBody } from '@portal/domain';
import { Form, useSchemaForm, TextField as TextFieldOf, controlledFieldOf } from '../../shared/forms/form';
import { errorMessage, notifyApiError, notifySuccess } from '../../shared/ui';
import { createAdmin, removeAdmin, resetSecondFactor, rolesQuery, settingsKeys, updateAdmin, type AdminRow } from './api';

const TextField = TextFieldOf<AdminDialogInput>;
const ControlledField = controlledFieldOf<AdminDialogInput>();

export interface AdminFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The admin being managed; absent when adding. */
  admin: AdminRow | null;
  vendorId: string | null;
}

/**
 * "Add new admin" and "Manage" (spec 2.16): name, mobile, e-mail, branch location and one role by
 * radio (vendor roles in vendor context, employer roles otherwise). Manage adds Update and Remove,
 * the latter after a confirmation.
 */
export function AdminFormDialog({ opened, onClose, admin, vendorId }: AdminFormDialogProps) {
  const queryClient = useQueryClient();
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const roles = useQuery({ ...rolesQuery(), enabled: opened });
  const choices = rolesForContext(roles.data?.roles ?? [], vendorId !== null);

  // AdminDialogForm (spec 5.5): the admin form's messages for the text fields; one role must be chosen.
  const form = useSchemaForm(AdminDialogForm, {
    mode: 'onTouched',
    defaultValues: {
      name: admin?.name ?? '',
      mobile: admin?.mobile ?? '',
      email: admin?.email ?? '',
      branchLocation: admin?.branchLocation ?? '',
      roleId: admin?.roleIds[0] ?? '',
    },
  });

  const done = (message: string) => {
    notifySuccess(message);
    void queryClient.invalidateQueries({ queryKey: settingsKeys.admins() });
    onClose();
  };

  const save = useMutation({
    mutationFn: (body: AdminFormBody) => (admin ? updateAdmin(admin._id, body, vendorId) : createAdmin(body, vendorId)),
    onSuccess: (res, body) => done(res?.message || (admin ? MSG.updatedSuccessful : MSG.invitationSent(body.name))),
    onError: (error) => notifyApiError(error),
  });
  const remove = useMutation({
    mutationFn: () => removeAdmin(admin!._id, vendorId),
    onSuccess: (res) => done(res?.message || MSG.userRemoved),
    onError: (error) => notifyApiError(error),
  });
  const resetPhone = useMutation({
    mutationFn: () => resetSecondFactor(admin!._id, vendorId),
    onSuccess: (res) => done(res?.message || `${MSG.secondFactorReset}.`),
    onError: (error) => notifyApiError(error),
  });
  const busy = save.isPending || remove.isPending || resetPhone.isPending;

  const onSubmit = (values: AdminDialogInput) => {
    if (busy) return;
    save.mutate({
      name: values.name.trim(),
      mobile: values.mobile.trim(),
      email: values.email.trim(),
      branchLocation: values.branchLocation.trim(),
      roleId: values.roleId,
    });
  };

  const title = confirmingRemove ? 'Remove admin' : admin ? 'Manage admin' : 'Add new admin';

  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} size="lg" closeOnClickOutside={!busy} closeOnEscape={!busy} closeButtonProps={{ 'aria-label': 'Close' }} styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}>
      {confirmingRemove && admin ? (
        <Stack gap="lg">
          <Text>
            Remove <strong>{admin.name}</strong> ({admin.email})? They will no longer be able to sign in to the portal.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingRemove(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending} disabled={remove.isPending}>
              Remove
            </Button>
          </Group>
        </Stack>
      ) : (
        <Form form={form} onSubmit={onSubmit}>
          <Stack gap="md">
            <TextField name="name" label="Name" required autoComplete="off" maxLength={NAME_MAX_LENGTH} disabled={busy} />
            <Group grow align="flex-start" gap="md" wrap="wrap">
              <TextField
                name="mobile"
                label="Mobile"
                required
                type="tel"
                inputMode="numeric"
                autoComplete="off"
                normalise={(value) => value.replace(/\D/g, '').slice(0, MOBILE_LENGTH)}
                description={admin ? MSG.mobileIsSignInPhone : undefined}
                disabled={busy}
                miw={200}
              />
              <TextField name="email" label="Email Id" required type="email" autoComplete="off" disabled={busy} miw={200} />
            </Group>
            <TextField name="branchLocation" label="Branch Location" required autoComplete="off" maxLength={100} disabled={busy} />
            <ControlledField
              name="roleId"
              render={({ field, error }) => (
                <Radio.Group label="Role" withAsterisk value={field.value} onChange={field.onChange} error={error} name={field.name}>
                  {roles.isPending ? (
                    <Group gap="xs" mt="xs">
                      <Loader size="xs" aria-hidden />
                      <Text size="sm">Loading roles…</Text>
                    </Group>
                  ) : roles.isError ? (
                    <Alert color="red" variant="light" mt="xs" icon={<IconAlertCircle size={18} aria-hidden />}>
                      {errorMessage(roles.error)}
                    </Alert>
                  ) : choices.length === 0 ? (
                    <Text size="sm" mt="xs">
                      No roles are available.
                    </Text>
                  ) : (
                    <Stack gap="sm" mt="xs">
                      {choices.map((role) => (
                        <Radio key={role.value} value={role.value} label={role.name} description={role.description} disabled={busy} onBlur={field.onBlur} />
                      ))}
                    </Stack>
                  )}
                </Radio.Group>
              )}
            />
            <Group justify="space-between" mt="sm">
              {admin ? (
                <Group gap="sm">
                  <Button variant="outline" color="red" onClick={() => setConfirmingRemove(true)} disabled={busy}>
                    Remove
                  </Button>
                  {/* Decision 0038: the admin enrols the registered mobile again at the next sign-in, and is told by mail. */}
                  <Button variant="subtle" onClick={() => resetPhone.mutate()} loading={resetPhone.isPending} disabled={busy}>
                    Reset sign-in phone
                  </Button>
                </Group>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" onClick={onClose} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending} disabled={busy}>
                  {admin ? 'Update' : 'Send invitation'}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Form>
      )}
    </Modal>
  );
}
