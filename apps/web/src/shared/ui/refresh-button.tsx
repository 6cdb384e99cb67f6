import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

export interface RefreshButtonProps {
  /** Asks the list again (a query's `refetch`). */
  refetch: () => Promise<unknown>;
}

/** The lists' Refresh button (spec 2.8): spins while its own refetch runs, not while a background one does. */
export function RefreshButton({ refetch }: RefreshButtonProps) {
  const [refreshing, setRefreshing] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} stroke={1.8} aria-hidden />}
      loading={refreshing}
      onClick={() => {
        setRefreshing(true);
        void refetch().finally(() => setRefreshing(false));
      }}
    >
      Refresh
    </Button>
  );
}
