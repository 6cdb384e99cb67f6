import { useId, useState } from 'react';
import { Button, Collapse, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ChangePasswordForm, MSG, type ChangePasswordInput, authCalls } from '@portal/domain';
import { call } from '../../shared/api/client';
import { setToken } from '../../shared/auth/token';
import { notifyApiError, notifySuccess } from '../../shared/ui';
import { Form, useSchemaForm, PasswordField as PasswordFieldOf } from '../../shared/forms/form';
import { passwordRefusal } from '../../shared/forms/password-refusal';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

const PasswordField = PasswordFieldOf<ChangePasswordInput>;

/**
 * The collapsible Change Password form (spec 2.15). The server ends every other session and
 * answers with a new token, which replaces the stored one.
 */
export function ChangePassword() {
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  // ChangePasswordForm (spec 5.5): "Enter current password", "Enter new password", the server's 8 characters, "Password did not match".
  const form = useSchemaForm(ChangePasswordForm, { mode: 'onTouched', defaultValues: EMPTY });
  const { reset, setError } = form;

  const change = useMutation({
    mutationFn: (values: ChangePasswordInput) =>
      call(authCalls.changePassword, { body: { currentPassword: values.currentPassword, newPassword: values.newPassword } }),
    onSuccess: (res) => {
      if (res?.token) setToken(res.token);
      notifySuccess(MSG.passwordUpdated);
      reset(EMPTY);
      setOpened(false);
    },
    // A refused new password is also said in words under its field (issue 24, item 7), not only in the toast.
    onError: (error) => {
      notifyApiError(error);
      const refusal = passwordRefusal(error);
      if (refusal) setError('newPassword', { message: refusal }, { shouldFocus: true });
    },
  });

  const close = () => {
    reset(EMPTY);
    setOpened(false);
  };

  return (
    <Stack gap="md">
      <Title order={2} fz="h4" fw={600}>
        <UnstyledButton
          onClick={() => (opened ? close() : setOpened(true))}
          aria-expanded={opened}
          aria-controls={panelId}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 8, font: 'inherit' }}
        >
          Change Password
          <IconChevronDown size={18} stroke={1.8} aria-hidden style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }} />
        </UnstyledButton>
      </Title>
      <Collapse in={opened} id={panelId}>
        <Form form={form} onSubmit={(values) => !change.isPending && change.mutate(values)}>
          <Stack gap="md" maw={420}>
            <PasswordField name="currentPassword" label="Current Password" required autoComplete="current-password" disabled={change.isPending} />
            <PasswordField name="newPassword" label="New Password" required autoComplete="new-password" description={MSG.passwordRule} disabled={change.isPending} />
            <PasswordField name="confirmPassword" label="Re-enter New Password" required autoComplete="new-password" disabled={change.isPending} />
            <Group gap="sm">
              <Button type="submit" loading={change.isPending} disabled={change.isPending}>
                Update Password
              </Button>
              <Button variant="default" onClick={close} disabled={change.isPending}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </Form>
      </Collapse>
    </Stack>
  );
}
