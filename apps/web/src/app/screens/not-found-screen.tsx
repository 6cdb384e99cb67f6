import { Link } from 'react-router';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { landingPath } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';

/** Any signed-in path the portal does not have. */
export function NotFoundScreen() {
  const profile = useQuery(profileQuery()).data;
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="sm" ta="center">
        <Text fw={600}>Page not found</Text>
        <Text c="dimmed" size="sm">
          The page you asked for does not exist or is not available to your organisation.
        </Text>
        <Button component={Link} to={landingPath(profile?.resources)} variant="light">
          Go to the home page
        </Button>
      </Stack>
    </Paper>
  );
}
