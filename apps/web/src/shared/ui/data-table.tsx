import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Checkbox, Skeleton, Table, Text, UnstyledButton, type TableProps } from '@mantine/core';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { EmptyState } from './empty-state';
import classes from './data-table.module.css';

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
  /** The server's sort key of this column; the header becomes a button when the table has onSort. */
  sortKey?: string;
  /** Keep the cells on one line (ids, amounts, dates). */
  nowrap?: boolean;
  /** Let a long header take two lines (headers stay on one line by default). */
  wrapHeader?: boolean;
  /**
   * The cell's label when a row is a card on a narrow screen (decision 0040); defaults to the
   * header (and sub-header) when they are text. The first column is the card's title, and a column
   * keyed 'actions' (or with a hidden header) the card's last line, both unlabelled.
   */
  cardLabel?: string;
}

export interface DataTableSort {
  by: string;
  order: 'asc' | 'desc';
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
  /** Below this width the table scrolls sideways (on a wide screen; a narrow one shows cards). */
  minWidth?: number;
  striped?: boolean;
  /** The sort in force, shown on its column's header (aria-sort). */
  sort?: DataTableSort | null;
  /** A sortable header was clicked. */
  onSort?: (sortKey: string) => void;
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

/** A column's label on a card: its own, else its header's (and sub-header's) text. */
const cardLabelOf = (col: DataTableColumn<never>): string | undefined =>
  col.cardLabel ?? ([col.header, col.subHeader].filter((t) => typeof t === 'string').join(' / ') || undefined);

/** Whether the element is narrower than its content (so it scrolls sideways), kept up to date on resize. */
function useScrollsSideways<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Only from the observer, which first reports right after the browser's own layout: reading
    // scrollWidth in the effect itself forced a layout of the whole table on every mount (0.4-0.8 s
    // of a 10-row employees page on Lighthouse's mobile CPU, decision 0041).
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
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
  sort,
  onSort,
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
        <Table.Td colSpan={span} data-card="whole">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} my="sm">
            {error}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (list.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span} data-card="whole">
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
            <Table.Td w={44} data-card="select">
              <Checkbox
                aria-label={selection.rowLabel(row)}
                checked={selection.selected.has(key)}
                disabled={!canSelect}
                onChange={() => toggle(key)}
              />
            </Table.Td>
          ) : null}
          {columns.map((col, i) => {
            const card = i === 0 ? 'title' : col.hideHeader || col.key === 'actions' ? 'actions' : undefined;
            return (
              <Table.Td
                key={col.key}
                ta={col.align}
                style={col.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                data-card={card}
                data-label={card ? undefined : cardLabelOf(col)}
              >
                <div className={classes.value}>{col.render(row, index)}</div>
              </Table.Td>
            );
          })}
        </Table.Tr>
      );
    });
  }

  return (
    // A table wider than the screen scrolls; it is then focusable so keyboard users can scroll it too.
    <div ref={scrollRef} role={scrolls ? 'region' : undefined} aria-label={scrolls ? label : undefined} tabIndex={scrolls ? 0 : undefined} className={classes.frame}>
      <Table
        className={classes.table}
        style={{ '--data-table-min-width': `${minWidth}px` }}
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
              <Table.Th w={44} data-card-head>
                <Checkbox
                  aria-label={selection.allLabel ?? 'Select all rows on this page'}
                  checked={selectable.length > 0 && selectedHere === selectable.length}
                  indeterminate={selectedHere > 0 && selectedHere < selectable.length}
                  disabled={loading || selectable.length === 0}
                  onChange={toggleAll}
                />
              </Table.Th>
            ) : null}
            {columns.map((col) => {
              const sortable = Boolean(onSort && col.sortKey && !col.hideHeader);
              const sorted = sortable && sort && sort.by === col.sortKey ? sort.order : null;
              const SortIcon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
              return (
              <Table.Th
                key={col.key}
                scope="col"
                ta={col.align}
                w={col.width}
                style={{ whiteSpace: col.wrapHeader ? 'normal' : 'nowrap' }}
                data-card-head={sortable || undefined}
                aria-sort={sortable ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
              >
                {col.hideHeader ? (
                  <span style={visuallyHidden}>{col.header}</span>
                ) : sortable ? (
                  <UnstyledButton
                    onClick={() => onSort?.(col.sortKey as string)}
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4, font: 'inherit', fontWeight: 'inherit', color: 'inherit' }}
                  >
                    {col.header}
                    <SortIcon size={14} stroke={1.8} aria-hidden style={{ opacity: sorted ? 1 : 0.45, flex: 'none' }} />
                  </UnstyledButton>
                ) : (
                  col.header
                )}
                {col.subHeader && !col.hideHeader ? (
                  // The space keeps the two lines apart in the header's text (what screen readers and tests read).
                  <Text component="span" display="block" size="xs" fw={400} c="dimmed">
                    {' '}
                    {col.subHeader}
                  </Text>
                ) : null}
              </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </div>
  );
}
