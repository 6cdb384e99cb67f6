import { useState } from 'react';
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  FILTER_CONJUNCTIONS,
  FILTER_OPERATORS,
  draftFromFilters,
  draftProblems,
  emptyDraft,
  filtersFromDraft,
  type Filter,
  type FilterDraft,
  type FilterDraftState,
  type FilterOperator,
} from './filter-model';

export interface FilterField<F extends string = string> {
  value: F;
  label: string;
  /** Choices for the value; without them the value is typed. */
  options?: readonly { value: string; label: string }[];
}

export interface FilterBuilderProps<F extends string = string> {
  fields: readonly FilterField<F>[];
  /** The filters in force; the builder edits a copy until Apply. */
  value: readonly Filter<F>[];
  onApply: (filters: Filter<F>[]) => void;
  onCancel: () => void;
}

/**
 * Rows "Where / AND / OR" with a field, Is or Is not, and a value; Add filter, Clear all, Cancel,
 * Apply (spec 2.19). Apply emits the complete rows; a half-filled row blocks it with a message.
 */
export function FilterBuilder<F extends string = string>({ fields, value, onApply, onCancel }: FilterBuilderProps<F>) {
  const [draft, setDraft] = useState<FilterDraftState<F>>(() => draftFromFilters(value));
  const [showProblems, setShowProblems] = useState(false);
  const problems = draftProblems(draft);

  const update = (id: number, patch: Partial<FilterDraft<F>>) =>
    setDraft((d) => ({ ...d, rows: d.rows.map((r) => (r.id === id ? { ...r, ...patch } : r)) }));
  const remove = (id: number) => setDraft((d) => ({ ...d, rows: d.rows.filter((r) => r.id !== id) }));
  const add = () => setDraft((d) => ({ ...d, rows: [...d.rows, emptyDraft<F>()] }));
  const clearAll = () => {
    setShowProblems(false);
    setDraft((d) => ({ ...d, rows: [] }));
  };
  const apply = () => {
    if (problems.size > 0) {
      setShowProblems(true);
      return;
    }
    onApply(filtersFromDraft(draft));
  };

  const fieldOptions = [{ value: '', label: 'Select field' }, ...fields.map((f) => ({ value: f.value, label: f.label }))];

  return (
    <Stack gap="sm">
      {draft.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No filters. Add a filter to narrow the list.
        </Text>
      ) : null}
      {draft.rows.map((row, index) => {
        const n = index + 1;
        const field = fields.find((f) => f.value === row.field);
        const problem = showProblems ? problems.get(row.id) : undefined;
        return (
          <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
            <div style={{ width: 76, flex: 'none' }}>
              {index === 0 ? (
                <Text size="sm" fw={500} lh="36px">
                  Where
                </Text>
              ) : index === 1 ? (
                <NativeSelect
                  aria-label="Combine filters with"
                  data={FILTER_CONJUNCTIONS.map((c) => ({ value: c.value, label: c.label }))}
                  value={draft.conjunction}
                  onChange={(e) => {
                    const conjunction = e.currentTarget.value === 'OR' ? 'OR' : 'AND';
                    setDraft((d) => ({ ...d, conjunction }));
                  }}
                />
              ) : (
                <Text size="sm" fw={500} lh="36px">
                  {draft.conjunction}
                </Text>
              )}
            </div>
            <NativeSelect
              aria-label={`Filter ${n} field`}
              data={fieldOptions}
              value={row.field}
              onChange={(e) => update(row.id, { field: e.currentTarget.value as F | '', value: '' })}
              error={problem === 'Choose a field' ? problem : undefined}
              style={{ flex: 1, minWidth: 120 }}
            />
            <NativeSelect
              aria-label={`Filter ${n} condition`}
              data={FILTER_OPERATORS.map((o) => ({ value: o.value, label: o.label }))}
              value={row.operator}
              onChange={(e) => update(row.id, { operator: e.currentTarget.value as FilterOperator })}
              style={{ width: 96, flex: 'none' }}
            />
            {field?.options ? (
              <NativeSelect
                aria-label={`Filter ${n} value`}
                data={[{ value: '', label: 'Select value' }, ...field.options]}
                value={row.value}
                onChange={(e) => update(row.id, { value: e.currentTarget.value })}
                error={problem === 'Enter a value' ? 'Choose a value' : undefined}
                style={{ flex: 1, minWidth: 120 }}
              />
            ) : (
              <TextInput
                aria-label={`Filter ${n} value`}
                placeholder="Value"
                value={row.value}
                onChange={(e) => update(row.id, { value: e.currentTarget.value })}
                error={problem === 'Enter a value' ? problem : undefined}
                style={{ flex: 1, minWidth: 120 }}
              />
            )}
            <ActionIcon variant="subtle" color="gray" size={36} aria-label={`Remove filter ${n}`} onClick={() => remove(row.id)}>
              <IconTrash size={16} stroke={1.8} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Group justify="space-between" gap="xs" mt="xs">
        <Group gap="xs">
          <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={add}>
            Add filter
          </Button>
          <Button variant="subtle" size="xs" color="gray" onClick={clearAll} disabled={draft.rows.length === 0}>
            Clear all
          </Button>
        </Group>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
          <Button size="xs" onClick={apply}>
            Apply
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
