import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { hasAnyEmployerRead } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { greeting, Unauthorized } from '../../shared/ui';
import { NotInRelease } from './placeholder-screen';

/** Dashboard (spec 2.4): the greeting by Asia/Kolkata time; the widgets come in a later release. */
export function DashboardScreen() {
  const profile = useQuery(profileQuery()).data;
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={2} fz="h3" fw={600}>
          {greeting(profile?.name ?? '')}
        </Title>
        <Text c="dimmed" size="sm">
          Here is where your organisation stands today.
        </Text>
      </Stack>
      {hasAnyEmployerRead(profile?.resources) ? <NotInRelease /> : <Unauthorized />}
    </Stack>
  );
}
