import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { topupSearchForm, type TopupSearchInput } from '@portal/domain';
import { Form, useSchemaForm, controlledFieldOf } from '../../shared/forms/form';
import { DateField, EARLIEST_PICKABLE_DATE } from '../../shared/ui';
import type { DateInputs, DatesContext } from '../../shared/ui/dated-search-page';

const ControlledField = controlledFieldOf<TopupSearchInput>();

/**
 * Salary Topups' date search (spec 2.12): From Date and To Date applied on Search, checked by the
 * domain's schema (not after today, To not before From); the form follows the URL. Its refusal is
 * said once, above the list (the page's `problem`), not under a box.
 */
export function useSearchDates({ startDate, endDate, today, track, apply, refetch }: DatesContext): DateInputs {
  const [schema] = useState(() => topupSearchForm(today));
  const form = useSchemaForm(schema, { values: { startDate, endDate }, mode: 'onSubmit' });

  const onSearch = ({ startDate: from, endDate: to }: TopupSearchInput) => {
    apply({ startDate: from, endDate: to });
    if (from === startDate && to === endDate) refetch();
  };
  const box = (name: 'startDate' | 'endDate', label: string, tracked: string) => (
    <ControlledField
      name={name}
      render={({ field }) => (
        <DateField
          label={label}
          value={field.value}
          onInvalidChange={track(tracked)}
          pickable={{ from: EARLIEST_PICKABLE_DATE, to: today }}
          onChange={(value) => {
            field.onChange(value);
            form.clearErrors();
          }}
        />
      )}
    />
  );

  return {
    problem: form.formState.errors.endDate?.message,
    inputs: (
      <Form form={form} onSubmit={onSearch}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          {box('startDate', 'From Date', 'from')}
          {box('endDate', 'To Date', 'to')}
          <Button type="submit" leftSection={<IconSearch size={16} stroke={1.8} aria-hidden />}>
            Search
          </Button>
        </Group>
      </Form>
    ),
  };
}
