import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { MSG } from '@portal/domain';

/** The view shown without the access a screen needs (spec 6, 8). */
export function Unauthorized() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden>
          <IconLock size={24} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600} data-testid="unauthorized">
          {MSG.unauthorized}
        </Text>
      </Stack>
    </Paper>
  );
}
