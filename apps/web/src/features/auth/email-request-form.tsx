import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { EmailRequestForm as EmailRequestSchema, type EmailRequestForm as EmailRequestValues, type authCalls } from '@portal/domain';
import { call } from '../../shared/api/client';
import { SIGN_IN_PATH } from '../../shared/auth/sign-out';
import { Form, useSchemaForm, TextField as TextFieldOf } from '../../shared/forms/form';
import { AuthLayout } from './auth-layout';
import { errorMessage, notify } from './feedback';

const TextField = TextFieldOf<EmailRequestValues>;

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
  const form = useSchemaForm(EmailRequestSchema, { mode: 'onChange', defaultValues: { email: initialEmail } });
  const valid = form.formState.isValid;

  const mutation = useMutation({
    mutationFn: (value: string) => call(endpoint, { body: { email: value.trim() } }),
    onError: (error) => notify('error', errorMessage(error)),
  });

  const onSubmit = ({ email }: EmailRequestValues) => {
    if (!mutation.isPending) mutation.mutate(email);
  };

  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <Form form={form} onSubmit={onSubmit}>
        <Stack gap="md">
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            silent
            onChange={() => {
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
      </Form>
    </AuthLayout>
  );
}
