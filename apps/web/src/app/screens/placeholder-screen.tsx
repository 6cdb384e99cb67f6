import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** The neutral line of screens whose content comes in a later release. */
export const NOT_IN_RELEASE = 'This screen is not available in this release.';

export function NotInRelease() {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden>
          <IconTools size={24} stroke={1.6} />
        </ThemeIcon>
        <Text c="dimmed">{NOT_IN_RELEASE}</Text>
      </Stack>
    </Paper>
  );
}
