import { useId, useState, type FormEvent } from 'react';
import { Button, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { PAGINATION_NEIGHBOURS, PAGINATION_TERMINAL_PAGES } from '@portal/domain';
import { clampPage, pageCountOf, parseJumpPage, showingLabel } from './pagination';

const PreviousIcon = () => <IconChevronLeft size={16} stroke={1.8} aria-hidden />;
const NextIcon = () => <IconChevronRight size={16} stroke={1.8} aria-hidden />;

export interface PaginatorProps {
  /** Current page, 1-based. */
  page: number;
  onChange: (page: number) => void;
  /** Either the page count, or total and pageSize. */
  pageCount?: number;
  total?: number;
  pageSize?: number;
  /** Pages shown either side of the current one (2; the employees list uses 1). */
  neighbours?: number;
  /** Pages always shown at each end (1). */
  terminalPages?: number;
  /** The go-to-page box (on by default). */
  withJump?: boolean;
  /** "Showing: a - b of total" at the left (needs total and pageSize). */
  withShowingLabel?: boolean;
  disabled?: boolean;
  /** Accessible name of the navigation landmark; give each paginator on a page its own. */
  label?: string;
}

/**
 * Previous / page numbers with gaps / next (Mantine Pagination), a jump-to-page box and an optional
 * "Showing" label (spec 2.19, 9).
 */
export function Paginator({
  page,
  onChange,
  pageCount,
  total,
  pageSize,
  neighbours = PAGINATION_NEIGHBOURS,
  terminalPages = PAGINATION_TERMINAL_PAGES,
  withJump = true,
  withShowingLabel = false,
  disabled = false,
  label = 'Pagination',
}: PaginatorProps) {
  const count = pageCount ?? (total !== undefined && pageSize ? pageCountOf(total, pageSize) : 0);
  const current = clampPage(page, count);
  const [jump, setJump] = useState('');
  const [jumpError, setJumpError] = useState<string | null>(null);
  const jumpId = useId();

  const go = (target: number) => {
    if (disabled) return;
    const next = clampPage(target, count);
    if (next !== current) onChange(next);
  };

  const onJump = (event: FormEvent) => {
    event.preventDefault();
    const target = parseJumpPage(jump, count);
    if (target === null) {
      setJumpError(`Enter a page from 1 to ${Math.max(1, count)}`);
      return;
    }
    setJumpError(null);
    setJump('');
    go(target);
  };

  const showLabel = withShowingLabel && total !== undefined && pageSize !== undefined;
  if (count <= 1 && !showLabel) return null;

  return (
    <Group justify={showLabel ? 'space-between' : 'flex-end'} gap="md" wrap="wrap">
      {showLabel ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {showingLabel(current, pageSize, total)}
        </Text>
      ) : null}
      {count > 1 ? (
        <Group gap="md" wrap="wrap" justify="flex-end">
          <nav aria-label={label}>
            <Pagination.Root
              total={count}
              value={current}
              onChange={go}
              siblings={neighbours}
              boundaries={terminalPages}
              disabled={disabled}
              size="md"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            >
              <Group gap={4} wrap="wrap">
                <Pagination.Previous icon={PreviousIcon} aria-label="Previous page" />
                <Pagination.Items />
                <Pagination.Next icon={NextIcon} aria-label="Next page" />
              </Group>
            </Pagination.Root>
          </nav>
          {withJump ? (
            <form onSubmit={onJump} noValidate>
              <Stack gap={2} align="flex-end">
                <Group gap={6} wrap="nowrap">
                  <Text component="label" htmlFor={jumpId} size="sm">
                    Go to page
                  </Text>
                  <TextInput
                    id={jumpId}
                    size="xs"
                    w={64}
                    inputMode="numeric"
                    autoComplete="off"
                    value={jump}
                    onChange={(e) => {
                      setJump(e.currentTarget.value.replace(/[^\d]/g, ''));
                      setJumpError(null);
                    }}
                    error={jumpError !== null}
                    aria-invalid={jumpError !== null}
                    aria-describedby={jumpError ? `${jumpId}-error` : undefined}
                    disabled={disabled}
                  />
                  <Button type="submit" size="xs" variant="default" disabled={disabled || jump === ''}>
                    Go
                  </Button>
                </Group>
                {jumpError ? (
                  <Text id={`${jumpId}-error`} size="xs" c="var(--mantine-color-error)" role="alert">
                    {jumpError}
                  </Text>
                ) : null}
              </Stack>
            </form>
          ) : null}
        </Group>
      ) : null}
    </Group>
  );
}
