import { Navigate, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Stack, Text } from '@mantine/core';
import { MOBILE_LENGTH, MfaPhoneForm, PHONE_COUNTRY_PREFIX } from '@portal/domain';
import { ApiError } from '../../shared/api/client';
import { Form, useSchemaForm, TextField as TextFieldOf } from '../../shared/forms/form';
import { getToken } from '../../shared/auth/token';
import { AuthLayout } from './auth-layout';
import { errorMessage, isLogoutError, notify } from './feedback';
import { normaliseMobileInput } from './phone-input';
import { OTP_PATH, startEnrolment } from './sign-in-flow';
import { SIGN_IN_PATH, useSignOut } from '../../shared/auth/sign-out';

const TextField = TextFieldOf<MfaPhoneForm>;

/** `/mfa-register` (spec 4.8): the admin's phone, to which the code that enrols it is sent. */
export function MfaRegisterPage() {
  if (!getToken()) return <Navigate to={SIGN_IN_PATH} replace />;
  return <MfaRegisterForm />;
}

function MfaRegisterForm() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  // MfaPhoneForm: 10 digits starting 5 to 9 ("Invalid mobile" once the box is left); Send code waits for it.
  const form = useSchemaForm(MfaPhoneForm, { mode: 'onTouched', defaultValues: { phone: '' } });
  const valid = form.formState.isValid;

  const mutation = useMutation({
    mutationFn: (value: string) => startEnrolment(value, true),
    onSuccess: () => void navigate(OTP_PATH),
    onError: (error) => {
      // The enrolment session is gone or may no longer enrol: start again from the password.
      if (isLogoutError(error) || (error instanceof ApiError && error.status === 401)) void signOut({ message: errorMessage(error) });
      else notify('error', errorMessage(error));
    },
  });

  const onSubmit = ({ phone }: MfaPhoneForm) => {
    if (!mutation.isPending) mutation.mutate(phone);
  };

  return (
    <AuthLayout title="Enable two-factor authentication" subtitle="Add your mobile number. Each sign-in will then ask for a code sent to it by SMS.">
      <Form form={form} onSubmit={onSubmit}>
        <Stack gap="md">
          <TextField
            name="phone"
            label="Mobile number"
            description={`${MOBILE_LENGTH} digits; the code is sent to ${PHONE_COUNTRY_PREFIX} and this number.`}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            leftSection={
              <Text size="sm" fw={500} c="var(--mantine-color-text)" aria-hidden>
                {PHONE_COUNTRY_PREFIX}
              </Text>
            }
            leftSectionWidth={48}
            normalise={normaliseMobileInput}
            readOnly={mutation.isPending}
          />
          <Button type="submit" fullWidth size="md" disabled={!valid || mutation.isPending} loading={mutation.isPending}>
            Send code
          </Button>
          <Button variant="subtle" fullWidth onClick={() => void signOut()} disabled={mutation.isPending}>
            Back to sign in
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
