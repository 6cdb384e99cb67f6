import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMailCheck, IconMailForward } from '@tabler/icons-react';
import { MSG, SignUpForm as SignUpSchema, type SignUpForm as SignUpValues, authCalls } from '@portal/domain';
import { Form, PasswordField as PasswordFieldOf, TextField as TextFieldOf } from '../../shared/forms/form-fields';
import { useSubmitForm } from '../../shared/forms/submit-form';
import { call } from '../../shared/api/client';
import { AuthLayout } from './auth-layout';
import { errorMessage, notify } from './feedback';
import { SIGN_IN_PATH } from '../../shared/auth/sign-out';

const TextField = TextFieldOf<SignUpValues>;
const PasswordField = PasswordFieldOf<SignUpValues>;

interface SignUpFormProps {
  /** From the invitation link (`/?invite=<token>&email=<email>`). */
  inviteToken: string | null;
  invitedEmail: string | null;
}

export function SignUpForm({ inviteToken, invitedEmail }: SignUpFormProps) {
  const emailLocked = Boolean(inviteToken && invitedEmail);
  // SignUpForm (spec 5.5): valid e-mail, non-empty password and re-entry ("Invalid"); the re-entry must match;
  // the server's 8 characters. The rest of the server's rule is stated under the field and explained by its answer.
  const form = useSubmitForm(SignUpSchema, { email: emailLocked ? (invitedEmail ?? '') : '' });
  // The server's refusal of the password, in words under the field until the password changes (issue 24, item 7).
  const [refused, setRefused] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      call(authCalls.signUp, { body: { email: input.email.trim(), password: input.password, ...(inviteToken ? { inviteToken } : {}) } }),
    // Only a sign-up through the invitation link signs up; otherwise the server says what it did (issue 15).
    onSuccess: (data) => {
      if (data.signedUp) notify('success', MSG.signedUp);
    },
    // A refused password is also said in words under its field; that wording loads only when needed
    // (sign-up is in the sign-in bundle: 150 kB goal, decision 0028).
    onError: (error) => {
      notify('error', errorMessage(error));
      void import('../../shared/forms/password-refusal').then(({ passwordRefusal }) => {
        const refusal = passwordRefusal(error);
        setRefused(refusal);
        if (refusal) (document.getElementsByName('password')[0] as HTMLInputElement | undefined)?.focus();
      });
    },
  });

  const onSubmit = ({ email, password }: SignUpValues) => mutation.mutate({ email, password });

  if (mutation.isSuccess && !mutation.data.signedUp) {
    return (
      <AuthLayout title="Use your invitation link">
        <Alert color="blue" variant="light" icon={<IconMailForward size={18} aria-hidden />} role="status">
          <Text size="sm">{mutation.data.message}</Text>
        </Alert>
        <Button component={Link} to={SIGN_IN_PATH} fullWidth size="md">
          Go to sign in
        </Button>
      </AuthLayout>
    );
  }

  if (mutation.isSuccess) {
    const sentTo = mutation.variables.email.trim();
    return (
      <AuthLayout title="Check your mailbox">
        <Alert color="green" variant="light" icon={<IconMailCheck size={18} aria-hidden />}>
          <Text size="sm">{MSG.verificationMailSent}</Text>
        </Alert>
        <Stack gap="xs" align="center">
          <Button component={Link} to={SIGN_IN_PATH} fullWidth size="md">
            Go to sign in
          </Button>
          <Text size="sm" ta="center">
            Didn&apos;t get the mail?{' '}
            <Anchor component={Link} to={`/resendEmail?email=${encodeURIComponent(sentTo)}`} fw={500}>
              Resend it
            </Anchor>
          </Text>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={inviteToken ? 'Set up your account' : 'Create your account'}
      subtitle={inviteToken ? 'Choose a password to accept your invitation.' : 'Sign up with the e-mail your employer invited.'}
    >
      <Form form={form} onSubmit={onSubmit}>
        <Stack gap="md">
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            readOnly={emailLocked || mutation.isPending}
            variant={emailLocked ? 'filled' : 'default'}
            description={emailLocked ? 'The e-mail your invitation was sent to.' : undefined}
          />
          <PasswordField
            name="password"
            label="Password"
            autoComplete="new-password"
            required
            description={MSG.passwordRule}
            readOnly={mutation.isPending}
            onChange={() => setRefused(null)}
            error={refused ?? undefined}
          />
          <PasswordField name="confirmPassword" label="Re-enter password" autoComplete="new-password" required readOnly={mutation.isPending} />
          <Button type="submit" fullWidth size="md" loading={mutation.isPending} disabled={mutation.isPending}>
            Sign up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={SIGN_IN_PATH} fw={500}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
