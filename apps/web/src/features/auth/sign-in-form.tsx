import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { ERROR_CODES, MSG, SignInForm as SignInSchema, type SignInForm as SignInValues } from '@portal/domain';
import { Form, PasswordField as PasswordFieldOf, TextField as TextFieldOf } from '../../shared/forms/form-fields';
import { useSubmitForm } from '../../shared/forms/submit-form';
import { AuthLayout } from './auth-layout';
import { errorCode, errorMessage, isLogoutError, notify } from './feedback';
import { signIn } from './sign-in-flow';
import { useSignOut } from '../../shared/auth/sign-out';

/** What the form shows under the fields after certain answers (spec 8). */
/** Links on an alert's tinted background: the text colour, underlined, keeps the contrast. */
const alertLink = { size: 'sm', fw: 600, c: 'var(--mantine-color-text)', underline: 'always' } as const;

const TextField = TextFieldOf<SignInValues>;
const PasswordField = PasswordFieldOf<SignInValues>;

type Notice = { kind: 'emailNotVerified'; message: string; email: string } | { kind: 'passwordExpired' };

export function SignInForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  // SignInForm (spec 5.5): a valid e-mail and a non-empty password, otherwise "Invalid" (shown once submitted).
  const form = useSubmitForm(SignInSchema);
  const [notice, setNotice] = useState<Notice | null>(null);

  const mutation = useMutation({
    mutationFn: (input: { email: string; password: string }) => signIn(queryClient, input),
    onSuccess: (path) => void navigate(path),
    onError: (error, input) => {
      if (isLogoutError(error)) {
        void signOut({ message: errorMessage(error) });
        return;
      }
      const code = errorCode(error);
      const message = errorMessage(error);
      if (code === ERROR_CODES.emailNotVerified) {
        setNotice({ kind: 'emailNotVerified', message, email: input.email.trim() });
      } else if (code === ERROR_CODES.passwordExpired) {
        setNotice({ kind: 'passwordExpired' });
      } else {
        notify('error', message);
      }
    },
  });

  const onSubmit = (values: SignInValues) => {
    setNotice(null);
    mutation.mutate(values);
  };

  return (
    <AuthLayout title="Sign in" subtitle="Sign in to manage your employees, attendance and payroll.">
      <Form form={form} onSubmit={onSubmit} onInvalid={() => setNotice(null)}>
        <Stack gap="md">
          <TextField name="email" label="Email" type="email" autoComplete="username" required readOnly={mutation.isPending} />
          <Stack gap={6}>
            <PasswordField name="password" label="Password" autoComplete="current-password" required readOnly={mutation.isPending} />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgotPassword" size="sm">
                Forgot password?
              </Anchor>
            </Group>
          </Stack>

          {notice?.kind === 'emailNotVerified' ? (
            <Alert color="blue" variant="light" icon={<IconMailForward size={18} aria-hidden />} role="alert">
              <Stack gap="xs">
                <Text size="sm">{notice.message}</Text>
                <Anchor component={Link} to={`/resendEmail?email=${encodeURIComponent(notice.email)}`} {...alertLink}>
                  Resend verification mail
                </Anchor>
              </Stack>
            </Alert>
          ) : null}
          {notice?.kind === 'passwordExpired' ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              <Stack gap="xs">
                <Text size="sm">{MSG.passwordExpired}</Text>
                <Anchor component={Link} to="/forgotPassword" {...alertLink}>
                  Forget Password
                </Anchor>
              </Stack>
            </Alert>
          ) : null}

          <Button type="submit" fullWidth size="md" loading={mutation.isPending} disabled={mutation.isPending}>
            Sign in
          </Button>
          <Text size="sm" ta="center">
            Invited to the portal?{' '}
            <Anchor component={Link} to="/" fw={500}>
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
