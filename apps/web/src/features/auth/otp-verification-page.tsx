import { useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { MSG, OtpForm, RESEND_COUNTDOWN_VERIFICATION_PAGE_S, authCalls } from '@portal/domain';
import { ApiError, call } from '../../shared/api/client';
import { Form, useSchemaForm, controlledFieldOf } from '../../shared/forms/form';
import { getToken, setToken } from '../../shared/auth/token';
import { AuthLayout } from './auth-layout';
import { errorMessage, isLogoutError, notify } from './feedback';
import { clearMfaState, readMfaState, saveMfaState, type MfaState } from './mfa-state';
import { OtpInput, type OtpInputHandle } from './otp-input';
import { MFA_REGISTER_PATH } from './sign-in-flow';
import { formatCountdown, useCountdown } from './use-countdown';
import { SIGN_IN_PATH, useSignOut } from '../../shared/auth/sign-out';

const ControlledField = controlledFieldOf<OtpForm>();

/**
 * `/otp-verification`: the code sent by SMS. Sign-in mode (a phone is enrolled: resolverToken) or
 * enrolment mode (the phone just entered: verificationId, under the enrolment-only session).
 */
export function OtpVerificationPage() {
  const [state] = useState(readMfaState);
  if (!state || (state.mode === 'enroll' && !getToken())) return <Navigate to={SIGN_IN_PATH} replace />;
  return <OtpVerificationForm initial={state} />;
}

function OtpVerificationForm({ initial }: { initial: MfaState }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [step, setStep] = useState<MfaState>(initial);
  // OtpForm (spec 5.5): 6 digits; Next is enabled only then.
  const form = useSchemaForm(OtpForm, { mode: 'onChange', defaultValues: { code: '' } });
  const countdown = useCountdown(RESEND_COUNTDOWN_VERIFICATION_PAGE_S);
  const otpRef = useRef<OtpInputHandle>(null);

  /** The flow cannot go on (logout codes, or the enrolment session has ended). */
  const mustSignOut = (e: unknown) => isLogoutError(e) || (step.mode === 'enroll' && e instanceof ApiError && e.status === 401);

  const verify = useMutation({
    mutationFn: (code: string) =>
      step.mode === 'signIn'
        ? call(authCalls.verifyCode, { body: { resolverToken: step.resolverToken, code } })
        : call(authCalls.finishEnrolment, { body: { verificationId: step.verificationId, code } }),
    onSuccess: ({ token }) => {
      setToken(token);
      queryClient.clear();
      clearMfaState();
      void navigate('/', { replace: true });
    },
    onError: (e) => {
      if (mustSignOut(e)) {
        void signOut({ message: errorMessage(e) });
        return;
      }
      // The message stays (verify.error) until the code is changed; the boxes start again.
      form.reset({ code: '' });
    },
  });

  const resend = useMutation({
    mutationFn: async (): Promise<{ next: MfaState; after: number }> => {
      if (step.mode === 'signIn') {
        const res = await call(authCalls.resendCode, { body: { resolverToken: step.resolverToken } });
        return { next: { ...step, phoneHint: res.phoneHint }, after: Math.max(RESEND_COUNTDOWN_VERIFICATION_PAGE_S, res.resendAfterSeconds) };
      }
      // Enrolment: a new code to the same phone under a new verificationId.
      const res = await call(authCalls.startEnrolment, { body: { phone: step.phone } });
      return { next: { ...step, verificationId: res.verificationId, phoneHint: res.phoneHint }, after: RESEND_COUNTDOWN_VERIFICATION_PAGE_S };
    },
    onSuccess: ({ next, after }) => {
      saveMfaState(next);
      setStep(next);
      verify.reset();
      form.reset({ code: '' });
      countdown.restart(after);
      notify('success', MSG.codeSent);
      otpRef.current?.focus();
    },
    onError: (e) => {
      if (mustSignOut(e)) void signOut({ message: errorMessage(e) });
      else notify('error', errorMessage(e));
    },
  });

  const complete = form.formState.isValid;
  const busy = verify.isPending || resend.isPending;
  const error = verify.isError && !mustSignOut(verify.error) ? errorMessage(verify.error) : null;

  const onSubmit = ({ code }: OtpForm) => {
    if (busy) return;
    verify.reset();
    verify.mutate(code);
  };

  const changeNumber = () => {
    clearMfaState();
    void navigate(MFA_REGISTER_PATH, { replace: true });
  };

  const enrolling = step.mode === 'enroll';
  return (
    <AuthLayout
      title={enrolling ? 'Verify your mobile number' : 'Two-step verification'}
      subtitle={enrolling ? 'Confirm the number to finish setting up two-factor authentication.' : 'Enter the code to finish signing in.'}
    >
      <Form form={form} onSubmit={onSubmit}>
        <Stack gap="lg">
          {/* The field's own message is the server's answer to a wrong code (the button waits for 6 digits). */}
          <ControlledField
            name="code"
            render={({ field }) => (
              <OtpInput
                ref={otpRef}
                label="Verification code"
                description={
                  <>
                    Enter the 6-digit code sent to{' '}
                    <Text span fw={600} c="var(--mantine-color-text)">
                      {step.phoneHint || 'your phone'}
                    </Text>
                    .
                  </>
                }
                value={field.value}
                onChange={(code) => {
                  // PinInput also reports the boxes it empties after a wrong code: keep that message.
                  if (code === field.value) return;
                  field.onChange(code);
                  if (verify.isError) verify.reset();
                }}
                onBlur={field.onBlur}
                error={error}
                disabled={busy}
              />
            )}
          />
          <Button type="submit" fullWidth size="md" disabled={!complete || busy} loading={verify.isPending}>
            Next
          </Button>
          <Group justify="center" gap={6}>
            {countdown.left > 0 ? (
              <Text size="sm" c="dimmed">
                Didn&apos;t get a code? You can resend it in {formatCountdown(countdown.left)}
              </Text>
            ) : (
              <>
                <Text size="sm">Didn&apos;t get a code?</Text>
                <Button variant="subtle" size="compact-sm" onClick={() => resend.mutate()} loading={resend.isPending} disabled={busy}>
                  Resend code
                </Button>
              </>
            )}
          </Group>
          <Group justify="space-between">
            {step.mode === 'enroll' && step.enteredByUser ? (
              <Anchor component="button" type="button" size="sm" onClick={changeNumber} disabled={busy}>
                Change number
              </Anchor>
            ) : (
              <span />
            )}
            <Anchor component="button" type="button" size="sm" onClick={() => void signOut()} disabled={busy}>
              Back to sign in
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
