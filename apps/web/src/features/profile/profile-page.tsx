import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '../../shared/auth/profile';
import { PageTitle } from '../../shared/ui';
import { ChangePassword } from './change-password';

/** Profile (spec 2.15): the HR Partner's name, mobile and e-mail, and the Change Password form. */
export function ProfilePage() {
  const profile = useQuery(profileQuery());
  const admin = profile.data;
  const details: { label: string; value: string | undefined }[] = [
    { label: 'HR Partner Name', value: admin?.name },
    { label: 'Mobile', value: admin?.mobile },
    { label: 'Email Id', value: admin?.email },
  ];
  return (
    <Stack gap="lg" maw={880}>
      <Paper withBorder p="lg">
        <Stack gap="md">
          <PageTitle title="HR Partner" order={2} />
          <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="lg" m={0}>
            {details.map((d) => (
              <div key={d.label}>
                <Text component="dt" size="sm" c="dimmed">
                  {d.label}
                </Text>
                <Text component="dd" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
                  {d.value ?? ''}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder p="lg">
        <ChangePassword />
      </Paper>
    </Stack>
  );
}
