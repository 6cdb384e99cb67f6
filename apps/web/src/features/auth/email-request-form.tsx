import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EmailRequestForm as EmailRequestSchema, type EmailRequestForm as EmailRequestValues, type authCalls } from '@portal/domain';
import { call } from '../../shared/api/client';
import { SIGN_IN_PATH } from '../../shared/auth/sign-out';
import { AuthLayout } from './auth-layout';
import { errorMessage, notify } from './feedback';

interface EmailRequestFormProps {
  title: string;
  subtitle: string;
  /** The identity call that mails a link: it answers `{ message }` whatever the e-mail. */
  endpoint: typeof authCalls.resendEmail | typeof authCalls.requestReset;
  submitLabel: string;
  footerText: string;
  initialEmail?: string;
}

/**
 * An e-mail entry that asks the server to mail a link (forgotten password, confirmation mail
 * again). The button stays disabled unless the e-mail is valid (spec 5.5); the server's message
 * is shown after it answers.
 */
export function EmailRequestForm({ title, subtitle, endpoint, submitLabel, footerText, initialEmail = '' }: EmailRequestFormProps) {
  // EmailRequestForm: the button is enabled only with a valid e-mail (no message is shown).
  const { register, handleSubmit, formState } = useForm<EmailRequestValues>({ resolver: zodResolver(EmailRequestSchema), mode: 'onChange', defaultValues: { email: initialEmail } });
  const valid = formState.isValid;
  const emailField = register('email');

  const mutation = useMutation({
    mutationFn: (value: string) => call(endpoint, { body: { email: value.trim() } }),
    onError: (error) => notify('error', errorMessage(error)),
  });

  const onSubmit = handleSubmit(({ email }) => {
    if (!mutation.isPending) mutation.mutate(email);
  });

  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            {...emailField}
            onChange={(e) => {
              void emailField.onChange(e);
              if (mutation.isSuccess || mutation.isError) mutation.reset();
            }}
            readOnly={mutation.isPending}
          />
          {mutation.isSuccess ? (
            <Alert color="green" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
              <Text size="sm">{mutation.data.message}</Text>
            </Alert>
          ) : null}
          <Button type="submit" fullWidth size="md" disabled={!valid || mutation.isPending} loading={mutation.isPending}>
            {submitLabel}
          </Button>
          <Text size="sm" ta="center">
            {footerText}{' '}
            <Anchor component={Link} to={SIGN_IN_PATH} fw={500}>
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
