import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';

export type SelectFieldProps<T extends FieldValues> = { name: FieldPath<T> } & Omit<NativeSelectProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>;

/** A Mantine `NativeSelect` of the surrounding `Form`, registered under `name`, showing the field's first message. */
export function SelectField<T extends FieldValues>({ name, ...props }: SelectFieldProps<T>) {
  const { register, getFieldState, formState } = useFormContext<T>();
  return <NativeSelect {...props} {...register(name)} error={getFieldState(name, formState).error?.message} />;
}
