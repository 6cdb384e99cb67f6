import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Checkbox, Skeleton, Table, Text, type TableProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { EmptyState } from './empty-state';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: CSSProperties['width'];
  /** Keep the header for screen readers but hide it on screen (e.g. an actions column). */
  hideHeader?: boolean;
  /**
   * A second, smaller header line naming what the cells show under their first line (e.g. "Employee
   * ID" under "Name"): related fields stacked in one column keep a wide table within the screen.
   */
  subHeader?: ReactNode;
}

export interface DataTableSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Accessible name of a row's checkbox, e.g. "Select Priya Sharma". */
  rowLabel: (row: T) => string;
  isSelectable?: (row: T) => boolean;
  /** Accessible name of the header checkbox; defaults to "Select all rows on this page". */
  allLabel?: string;
}

export interface DataTableProps<T> {
  /** The table's accessible name (not shown). */
  label: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  /** Skeleton rows while loading. */
  loadingRows?: number;
  /** A load failure, shown in place of the rows. */
  error?: string | null;
  /** Defaults to "No data found". */
  emptyMessage?: string;
  emptyDescription?: ReactNode;
  selection?: DataTableSelection<T>;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  striped?: boolean;
  tableProps?: Omit<TableProps, 'children'>;
}

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Whether the element is narrower than its content (so it scrolls sideways), kept up to date on resize. */
function useScrollsSideways<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

/** A plain Mantine table with columns, loading, error and empty states, and optional row selection. */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingRows = 5,
  error,
  emptyMessage,
  emptyDescription,
  selection,
  minWidth = 640,
  striped = false,
  tableProps,
}: DataTableProps<T>) {
  const [scrollRef, scrolls] = useScrollsSideways<HTMLDivElement>();
  const span = columns.length + (selection ? 1 : 0);
  const list = rows ?? [];
  const selectable = selection ? list.filter((r) => selection.isSelectable?.(r) ?? true) : [];
  const selectedHere = selection ? selectable.filter((r) => selection.selected.has(rowKey(r))).length : 0;

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (selectedHere === selectable.length) selectable.forEach((r) => next.delete(rowKey(r)));
    else selectable.forEach((r) => next.add(rowKey(r)));
    selection.onChange(next);
  };
  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: loadingRows }, (_, i) => (
      <Table.Tr key={`loading-${i}`}>
        {Array.from({ length: span }, (_, j) => (
          <Table.Td key={j}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (error) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} my="sm">
            {error}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (list.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <EmptyState message={emptyMessage} description={emptyDescription} compact />
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = list.map((row, index) => {
      const key = rowKey(row);
      const canSelect = selection ? (selection.isSelectable?.(row) ?? true) : false;
      return (
        <Table.Tr key={key} bg={selection?.selected.has(key) ? 'var(--mantine-primary-color-light)' : undefined}>
          {selection ? (
            <Table.Td w={44}>
              <Checkbox
                aria-label={selection.rowLabel(row)}
                checked={selection.selected.has(key)}
                disabled={!canSelect}
                onChange={() => toggle(key)}
              />
            </Table.Td>
          ) : null}
          {columns.map((col) => (
            <Table.Td key={col.key} ta={col.align}>
              {col.render(row, index)}
            </Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  return (
    // A table wider than the screen scrolls; it is then focusable so keyboard users can scroll it too.
    <div ref={scrollRef} role={scrolls ? 'region' : undefined} aria-label={scrolls ? label : undefined} tabIndex={scrolls ? 0 : undefined} style={{ overflowX: 'auto', outlineOffset: 2 }}>
      <Table
        miw={minWidth}
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover={!loading && list.length > 0}
        striped={striped}
        aria-label={label}
        aria-busy={loading || undefined}
        {...tableProps}
      >
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={44}>
                <Checkbox
                  aria-label={selection.allLabel ?? 'Select all rows on this page'}
                  checked={selectable.length > 0 && selectedHere === selectable.length}
                  indeterminate={selectedHere > 0 && selectedHere < selectable.length}
                  disabled={loading || selectable.length === 0}
                  onChange={toggleAll}
                />
              </Table.Th>
            ) : null}
            {columns.map((col) => (
              <Table.Th key={col.key} scope="col" ta={col.align} w={col.width} style={{ whiteSpace: 'nowrap' }}>
                {col.hideHeader ? <span style={visuallyHidden}>{col.header}</span> : col.header}
                {col.subHeader && !col.hideHeader ? (
                  // The space keeps the two lines apart in the header's text (what screen readers and tests read).
                  <Text component="span" display="block" size="xs" fw={400} c="dimmed">
                    {' '}
                    {col.subHeader}
                  </Text>
                ) : null}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </div>
  );
}
