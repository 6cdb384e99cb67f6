import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useFormEngine, type FieldPath, type FieldValues } from './form';

export type SelectFieldProps<T extends FieldValues> = { name: FieldPath<T> } & Omit<NativeSelectProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>;

/** A Mantine `NativeSelect` of the surrounding `Form`, registered under `name`, showing the field's first message. */
export function SelectField<T extends FieldValues>({ name, ...props }: SelectFieldProps<T>) {
  return <NativeSelect {...props} {...useFormEngine<T>().box<HTMLSelectElement>({ name })} />;
}
