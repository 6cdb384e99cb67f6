import { Navigate, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MOBILE_LENGTH, MfaPhoneForm, PHONE_COUNTRY_PREFIX } from '@portal/domain';
import { ApiError } from '../../shared/api/client';
import { getToken } from '../../shared/auth/token';
import { AuthLayout } from './auth-layout';
import { errorMessage, isLogoutError, notify } from './feedback';
import { normaliseMobileInput } from './phone-input';
import { OTP_PATH, startEnrolment } from './sign-in-flow';
import { SIGN_IN_PATH, useSignOut } from '../../shared/auth/sign-out';

/** `/mfa-register` (spec 4.8): the admin's phone, to which the code that enrols it is sent. */
export function MfaRegisterPage() {
  if (!getToken()) return <Navigate to={SIGN_IN_PATH} replace />;
  return <MfaRegisterForm />;
}

function MfaRegisterForm() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  // MfaPhoneForm: 10 digits starting 5 to 9 ("Invalid mobile" once the box is left); Send code waits for it.
  const { register, handleSubmit, formState } = useForm<MfaPhoneForm>({ resolver: zodResolver(MfaPhoneForm), mode: 'onTouched', defaultValues: { phone: '' } });
  const valid = formState.isValid;
  const phoneField = register('phone');

  const mutation = useMutation({
    mutationFn: (value: string) => startEnrolment(value, true),
    onSuccess: () => void navigate(OTP_PATH),
    onError: (error) => {
      // The enrolment session is gone or may no longer enrol: start again from the password.
      if (isLogoutError(error) || (error instanceof ApiError && error.status === 401)) void signOut({ message: errorMessage(error) });
      else notify('error', errorMessage(error));
    },
  });

  const onSubmit = handleSubmit(({ phone }) => {
    if (!mutation.isPending) mutation.mutate(phone);
  });

  return (
    <AuthLayout title="Enable two-factor authentication" subtitle="Add your mobile number. Each sign-in will then ask for a code sent to it by SMS.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <TextInput
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
            {...phoneField}
            onChange={(e) => {
              e.currentTarget.value = normaliseMobileInput(e.currentTarget.value);
              void phoneField.onChange(e);
            }}
            error={formState.errors.phone?.message}
            readOnly={mutation.isPending}
          />
          <Button type="submit" fullWidth size="md" disabled={!valid || mutation.isPending} loading={mutation.isPending}>
            Send code
          </Button>
          <Button variant="subtle" fullWidth onClick={() => void signOut()} disabled={mutation.isPending}>
            Back to sign in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
