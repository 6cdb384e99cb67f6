import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { employerConfigQuery } from '../../shared/auth/profile';
import { GuardedScreen, areaRule } from './guarded-screen';
import { NotFoundScreen } from './not-found-screen';

/** /user-verification exists only when the employer's config enables worker approval (spec 2.2). */
export function UserVerificationScreen() {
  const config = useQuery(employerConfigQuery());
  if (config.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (!config.data?.isEmployeeApprovalEnabled) return <NotFoundScreen />;
  return <GuardedScreen allowed={areaRule('EMPLOYEES')} />;
}
