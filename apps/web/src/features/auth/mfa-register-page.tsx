import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { MOBILE_LENGTH, MSG, PHONE_COUNTRY_PREFIX, isValidMobile } from '@portal/domain';
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
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = isValidMobile(phone);

  const mutation = useMutation({
    mutationFn: (value: string) => startEnrolment(value, true),
    onSuccess: () => void navigate(OTP_PATH),
    onError: (error) => {
      // The enrolment session is gone or may no longer enrol: start again from the password.
      if (isLogoutError(error) || (error instanceof ApiError && error.status === 401)) void signOut({ message: errorMessage(error) });
      else notify('error', errorMessage(error));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || mutation.isPending) return;
    mutation.mutate(phone);
  };

  return (
    <AuthLayout title="Enable two-factor authentication" subtitle="Add your mobile number. Each sign-in will then ask for a code sent to it by SMS.">
      <form onSubmit={onSubmit} noValidate>
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
            value={phone}
            onChange={(e) => setPhone(normaliseMobileInput(e.currentTarget.value))}
            onBlur={() => setTouched(true)}
            error={touched && phone.length > 0 && !valid ? MSG.invalidMobile : undefined}
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
