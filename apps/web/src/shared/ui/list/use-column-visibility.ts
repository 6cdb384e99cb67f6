/**
 * The columns an admin chose to see in one list, remembered per signed-in admin in localStorage
 * (`portal.columns.<list>.<adminId>`) and restored on reload. Locked columns are always shown;
 * columns the list no longer has are dropped from what was stored.
 */
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '../../auth/profile';
import type { ColumnToggleProps } from '../column-toggle';

export const columnsStorageKey = (list: string, adminId: string) => `portal.columns.${list}.${adminId}`;

function readStored(key: string | null): string[] | null {
  if (!key || typeof localStorage === 'undefined') return null;
  try {
    const raw = localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) && parsed.every((k) => typeof k === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

function store(key: string | null, visible: ReadonlySet<string>) {
  if (!key || typeof localStorage === 'undefined') return;
  try {
    localStorage.setItem(key, JSON.stringify([...visible]));
  } catch {
    // Storage full or blocked: the choice lasts until the page closes.
  }
}

export interface ColumnVisibilityConfig<K extends string> {
  /** The list's name in the storage key (e.g. "employees"). */
  list: string;
  /** Columns the table has now, in table order. */
  available: readonly K[];
  /** Shown when the admin has chosen nothing yet. */
  defaults: readonly K[];
  /** Always shown. */
  locked?: readonly K[];
  labels: Record<K, string>;
}

export interface ColumnVisibility<K extends string> {
  /** The visible columns in table order. */
  shown: K[];
  visible: ReadonlySet<K>;
  /** Props for ColumnToggle. */
  toggleProps: ColumnToggleProps<K>;
}

export function useColumnVisibility<K extends string>({ list, available, defaults, locked = [], labels }: ColumnVisibilityConfig<K>): ColumnVisibility<K> {
  const adminId = useQuery(profileQuery()).data?._id ?? null;
  const key = adminId ? columnsStorageKey(list, adminId) : null;
  // The choice made on this page, keyed by the storage key it belongs to (another admin starts afresh).
  const [choice, setChoice] = useState<{ key: string | null; visible: Set<K> } | null>(null);

  const visible = useMemo(() => {
    const isLocked = (k: K) => locked.includes(k);
    let base: Iterable<K>;
    if (choice && choice.key === key) base = choice.visible;
    else base = (readStored(key) as K[] | null) ?? defaults;
    const chosen = new Set(base);
    return new Set(available.filter((k) => isLocked(k) || chosen.has(k)));
  }, [choice, key, available, defaults, locked]);

  const choose = useCallback(
    (next: Set<K>) => {
      setChoice({ key, visible: next });
      store(key, next);
    },
    [key],
  );

  return {
    shown: available.filter((k) => visible.has(k)),
    visible,
    toggleProps: {
      columns: available.map((k) => ({ key: k, label: labels[k], locked: locked.includes(k) })),
      visible,
      onToggle: (k, show) => {
        const next = new Set(visible);
        if (show || locked.includes(k)) next.add(k);
        else next.delete(k);
        choose(next);
      },
      onHideAll: () => choose(new Set(locked)),
      onShowAll: () => choose(new Set(available)),
    },
  };
}
