import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { MSG, ResetPasswordForm as ResetPasswordSchema, type ResetPasswordForm as ResetPasswordValues, authCalls } from '@portal/domain';
import { ApiError, call } from '../../shared/api/client';
import { authKeys } from '../../shared/api/query-keys';
import { Form, useSchemaForm, PasswordField as PasswordFieldOf } from '../../shared/forms/form';
import { passwordRefusal } from '../../shared/forms/password-refusal';
import { AuthLayout } from './auth-layout';
import { errorMessage, notify } from './feedback';
import { SIGN_IN_PATH } from '../../shared/auth/sign-out';

/** Codes in mail links are single use: never re-run these calls behind the user's back. */
const ONCE = { retry: false, staleTime: Infinity, gcTime: 60_000, refetchOnWindowFocus: false, refetchOnReconnect: false, refetchOnMount: false } as const;

/** `/auth/action?mode=&oobCode=` (spec 2.1): the links in verification and reset mails. */
export function EmailActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode') ?? '';
  switch (mode) {
    case 'resetPassword':
      return <ResetPassword oobCode={oobCode} />;
    case 'verifyEmail':
      return <VerifyEmail oobCode={oobCode} />;
    case 'recoverEmail':
      return <Message title="Recover e-mail" text={MSG.cantHandleRecoverMail} />;
    default:
      return <Message title="E-mail action" text={MSG.wrongActionMode} />;
  }
}

function Message({ title, text }: { title: string; text: string }) {
  return (
    <AuthLayout title={title}>
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        <Text size="sm">{text}</Text>
      </Alert>
      <SignInLink />
    </AuthLayout>
  );
}

function SignInLink({ label = 'Back to sign in' }: { label?: string }) {
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={SIGN_IN_PATH} fw={500}>
        {label}
      </Anchor>
    </Text>
  );
}

function Checking({ title, what }: { title: string; what: string }) {
  return (
    <AuthLayout title={title}>
      <Group gap="sm" justify="center" role="status" py="md">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{what}</Text>
      </Group>
    </AuthLayout>
  );
}

// ---- verifyEmail: apply the code, then back to sign-in with the server's message ----

function VerifyEmail({ oobCode }: { oobCode: string }) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: authKeys.emailVerify(oobCode),
    queryFn: () => call(authCalls.verifyEmail, { body: { oobCode } }),
    enabled: oobCode !== '',
    ...ONCE,
  });
  const done = useRef(false);
  useEffect(() => {
    if (query.isSuccess && !done.current) {
      done.current = true;
      notify('success', query.data.message);
      void navigate(SIGN_IN_PATH, { replace: true });
    }
  }, [query.isSuccess, query.data, navigate]);

  if (oobCode === '' || query.isError) {
    return (
      <AuthLayout title="Verify e-mail">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          <Text size="sm">{oobCode === '' ? MSG.invalidActionLink : errorMessage(query.error)}</Text>
        </Alert>
        <Text size="sm">Sign in to get a new verification mail.</Text>
        <SignInLink label="Go to sign in" />
      </AuthLayout>
    );
  }
  return <Checking title="Verify e-mail" what="Verifying your e-mail…" />;
}

// ---- resetPassword: check the link, then the new-password form ----

function ResetPassword({ oobCode }: { oobCode: string }) {
  const check = useQuery({
    queryKey: authKeys.passwordResetVerify(oobCode),
    queryFn: () => call(authCalls.verifyReset, { body: { oobCode } }),
    enabled: oobCode !== '',
    ...ONCE,
  });

  if (oobCode === '' || check.isError) {
    // A 400 is the invalid (used, expired, unknown) link; anything else keeps the server's words.
    const text = oobCode === '' || (check.error instanceof ApiError && check.error.status === 400) ? MSG.invalidResetLink : errorMessage(check.error);
    return (
      <AuthLayout title="Reset password">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          <Text size="sm">{text}</Text>
        </Alert>
        <Stack gap="xs">
          <Button component={Link} to="/forgotPassword" fullWidth size="md">
            Request a new link
          </Button>
          <SignInLink />
        </Stack>
      </AuthLayout>
    );
  }
  if (!check.isSuccess) return <Checking title="Reset password" what="Checking your link…" />;
  return <ResetPasswordForm oobCode={oobCode} email={check.data.email} />;
}

const PasswordField = PasswordFieldOf<ResetPasswordValues>;

function ResetPasswordForm({ oobCode, email }: { oobCode: string; email: string }) {
  // ResetPasswordForm (spec 5.5): at least 6 characters ("Minimum 6 character password required"), then the server's 8,
  // re-entry matches. The rest of the server's rule is stated under the field and explained by its answer.
  const form = useSchemaForm(ResetPasswordSchema, { mode: 'onSubmit', defaultValues: { password: '', confirmPassword: '' } });
  const { setError } = form;

  const mutation = useMutation({
    mutationFn: (newPassword: string) => call(authCalls.confirmReset, { body: { oobCode, newPassword } }),
    // A refused password is also said in words under its field (issue 24, item 7); the server's answer stays below the form.
    onError: (error) => {
      const refusal = passwordRefusal(error);
      if (refusal) setError('password', { message: refusal }, { shouldFocus: true });
    },
  });

  const onSubmit = ({ password }: ResetPasswordValues) => {
    if (!mutation.isPending) mutation.mutate(password);
  };

  if (mutation.isSuccess) {
    return (
      <AuthLayout title="Password reset">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          <Text size="sm">{mutation.data.message}</Text>
        </Alert>
        <Button component={Link} to={SIGN_IN_PATH} fullWidth size="md">
          Sign in
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset password" subtitle={<>Choose a new password for {email}.</>}>
      <Form form={form} onSubmit={onSubmit}>
        <Stack gap="md">
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordField name="password" label="New password" autoComplete="new-password" required description={MSG.passwordRule} readOnly={mutation.isPending} />
          <PasswordField name="confirmPassword" label="Re-enter new password" autoComplete="new-password" required readOnly={mutation.isPending} />
          {mutation.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              <Text size="sm">{errorMessage(mutation.error)}</Text>
            </Alert>
          ) : null}
          <Button type="submit" fullWidth size="md" loading={mutation.isPending} disabled={mutation.isPending}>
            Reset password
          </Button>
          <SignInLink />
        </Stack>
      </Form>
    </AuthLayout>
  );
}
