import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title, type TextInputProps } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BUSINESS_TIME_ZONE,
  EMPLOYEE_MSG,
  MOBILE_LENGTH,
  NAME_MAX_LENGTH,
  SALARY_ACCOUNT_MAX_LENGTH,
  SIGNED_UP_LOCKED_FIELDS,
  earliestJoiningDate,
  employeeFormWithPicksSchema,
  isoDateInZone,
  latestJoiningDate,
  type EmployeeRecord,
} from '@portal/domain';
import { employerMetadataQuery } from '../../shared/auth/profile';
import { Form, useSchemaForm, TextField as TextFieldOf, controlledFieldOf } from '../../shared/forms/form';
import { SelectField as SelectFieldOf } from '../../shared/forms/select-field';
import { DateField, SideDrawer, errorMessage } from '../../shared/ui';
import { addEmployee, checkEmployeeField, employeesKeys, updateEmployee } from './api';
import {
  EMPTY_EMPLOYEE_FORM,
  employeeRequestBody,
  formFromRecord,
  needsCheck,
  submitBlocked,
  type CheckState,
  type CheckedField,
  type EmployeeFormField,
  type EmployeeFormValues,
} from './employee-form-model';

const TextField = TextFieldOf<EmployeeFormValues>;
const SelectField = SelectFieldOf<EmployeeFormValues>;
const ControlledField = controlledFieldOf<EmployeeFormValues>();

export interface EmployeeDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The employee being edited; null when adding. */
  employee: EmployeeRecord | null;
  vendorId: string | null;
}

type Phase = { kind: 'form' } | { kind: 'success' } | { kind: 'failure'; message: string };

const TAKEN: Record<CheckedField, string> = { email: EMPLOYEE_MSG.emailTaken, mobile: EMPLOYEE_MSG.mobileTaken };

/** A heading that takes focus when it appears, so screen-reader users hear the result. */
function ResultHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Title order={3} fz="h4" ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}

/** The drawer's own refusal, before any call: an edit of a record that has no id (told apart by its class, not its text). */
class UpdateWithoutId extends Error {
  constructor() {
    super(EMPLOYEE_MSG.updateWithoutId);
  }
}

/**
 * Add Employee / Edit Employee in the 800px side drawer (spec 2.5, 4.6, 5.3): every rule of the
 * domain's employeeFormSchema (the server's too) with its message, the joining date in dd/mm/yyyy,
 * e-mail and mobile checked with the server on blur, Submit disabled while the form is invalid or a
 * check runs or fails; then a success screen (Add Another when adding, Close) or a failure screen
 * with the server's message and Try again.
 */
export function EmployeeDrawer({ opened, onClose, employee, vendorId }: EmployeeDrawerProps) {
  const queryClient = useQueryClient();
  const editing = employee !== null;
  const signedUp = Boolean(employee?.userId);
  const metadata = useQuery({ ...employerMetadataQuery(), enabled: opened }).data;
  // The business date (Asia/Kolkata) bounds the joining date, as on the server.
  const [today] = useState(() => isoDateInZone(new Date(), BUSINESS_TIME_ZONE));
  const joiningWindow = useMemo(() => ({ from: earliestJoiningDate(today), to: latestJoiningDate(today) }), [today]);
  const schema = useMemo(() => employeeFormWithPicksSchema(today), [today]);

  // employeeFormSchema (5.3): a field's message shows once it has been left, then follows its value.
  const form = useSchemaForm(schema, { mode: 'onTouched', defaultValues: employee ? formFromRecord(employee) : EMPTY_EMPLOYEE_FORM });
  const { formState, getValues, reset } = form;
  // The server's availability checks of the e-mail and the mobile (not form values).
  const [checks, setChecks] = useState<Record<CheckedField, CheckState>>({ email: 'idle', mobile: 'idle' });
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  // The Joining Date box holds text that is no date (issue 24 item 1): Submit waits for it.
  const [dateTyped, setDateTyped] = useState(false);
  const checkSeq = useRef<Record<CheckedField, number>>({ email: 0, mobile: 0 });

  const save = useMutation({
    mutationFn: (v: EmployeeFormValues) => {
      if (editing && !employee._id) throw new UpdateWithoutId();
      const body = employeeRequestBody(v, employee?._id);
      return editing ? updateEmployee(body, vendorId) : addEmployee(body, vendorId);
    },
    onSuccess: () => {
      setPhase({ kind: 'success' });
      void queryClient.invalidateQueries({ queryKey: employeesKeys.lists() });
    },
    onError: (error) =>
      setPhase({ kind: 'failure', message: error instanceof UpdateWithoutId ? error.message : errorMessage(error) }),
  });
  const blocked = submitBlocked(formState.isValid && !dateTyped, checks) || save.isPending;

  const runCheck = async (field: CheckedField) => {
    const value = getValues(field).trim();
    if (!needsCheck(field, value, employee?.[field] ?? '')) {
      setChecks((c) => ({ ...c, [field]: 'idle' }));
      return;
    }
    const seq = ++checkSeq.current[field];
    setChecks((c) => ({ ...c, [field]: 'checking' }));
    let next: CheckState;
    try {
      next = (await checkEmployeeField(field, value, employee?._id, vendorId)).available ? 'available' : 'taken';
    } catch {
      // The check could not run; the server checks again on submit.
      next = 'error';
    }
    if (seq === checkSeq.current[field]) setChecks((c) => ({ ...c, [field]: next }));
  };

  /** The server's answer that the e-mail or mobile is taken, under the field when the schema has nothing to say. */
  const takenOf = (field: EmployeeFormField): string | undefined =>
    (field === 'email' || field === 'mobile') && checks[field] === 'taken' ? TAKEN[field] : undefined;

  type TextProps = Partial<Omit<TextInputProps, 'error' | 'name' | 'onChange' | 'onBlur'>> & { normalise?: (value: string) => string; onLeave?: () => void; 'data-autofocus'?: boolean };
  const text = (field: EmployeeFormField, label: string, { normalise, onLeave, ...extra }: TextProps = {}) => {
    // The signed-up identity lock (the domain's, the server's too): shown, not editable.
    const locked = signedUp && (SIGNED_UP_LOCKED_FIELDS as readonly string[]).includes(field);
    return (
      <TextField
        name={field}
        label={label}
        // Either e-mail or mobile: the rule sits on Email, so leaving or changing Mobile checks Email too.
        rules={field === 'mobile' ? { deps: 'email' } : undefined}
        normalise={normalise}
        onChange={() => {
          if (field === 'email' || field === 'mobile') {
            checkSeq.current[field] += 1;
            setChecks((c) => ({ ...c, [field]: 'idle' }));
          }
        }}
        onBlur={() => onLeave?.()}
        error={takenOf(field)}
        autoComplete="off"
        disabled={save.isPending}
        {...extra}
        {...(locked ? { readOnly: true, variant: 'filled', description: 'Locked: the employee has signed up', rightSection: undefined } : {})}
      />
    );
  };

  const checkHint = (field: CheckedField) =>
    checks[field] === 'checking' ? (
      <Loader size={14} aria-label={`Checking ${field === 'email' ? 'Email' : 'Mobile'}`} />
    ) : checks[field] === 'available' ? (
      <IconCheck size={16} color="var(--mantine-color-green-8)" aria-label="Available" />
    ) : null;

  const select = (field: 'branchId' | 'gradeId' | 'departmentId', label: string, list: readonly string[] | undefined) => {
    const options = [...(list ?? [])];
    if (options.length === 0) return null;
    const current = getValues(field);
    if (current && !options.includes(current)) options.push(current);
    return (
      <SelectField name={field} label={label} data={[{ value: '', label: `Select ${label}` }, ...options.map((o) => ({ value: o, label: o }))]} disabled={save.isPending} />
    );
  };

  const restart = () => {
    reset(EMPTY_EMPLOYEE_FORM);
    setChecks({ email: 'idle', mobile: 'idle' });
    save.reset();
    setPhase({ kind: 'form' });
  };

  let content: ReactNode;
  if (phase.kind === 'success') {
    content = (
      <Stack align="center" ta="center" gap="md" py="xl">
        <ThemeIcon color="green" variant="light" size={56} radius="xl" aria-hidden>
          <IconCheck size={30} />
        </ThemeIcon>
        <ResultHeading>{editing ? 'Employee updated successfully' : 'Employee added successfully'}</ResultHeading>
        <Text c="dimmed">{getValues('fullName').trim()}</Text>
        <Group gap="sm">
          {!editing ? <Button onClick={restart}>Add Another</Button> : null}
          <Button variant={editing ? 'filled' : 'default'} onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  } else if (phase.kind === 'failure') {
    content = (
      <Stack align="center" ta="center" gap="md" py="xl">
        <ThemeIcon color="red" variant="light" size={56} radius="xl" aria-hidden>
          <IconAlertTriangle size={30} />
        </ThemeIcon>
        <ResultHeading>{editing ? EMPLOYEE_MSG.updateFailed : EMPLOYEE_MSG.addFailed}</ResultHeading>
        <Text>{phase.message}</Text>
        <Group gap="sm">
          <Button
            onClick={() => {
              save.reset();
              setPhase({ kind: 'form' });
            }}
          >
            Try again
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  } else {
    content = (
      <Form
        form={form}
        onSubmit={(values) => {
          if (!blocked) save.mutate(values);
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {text('fullName', 'Full Name', { required: true, maxLength: NAME_MAX_LENGTH, 'data-autofocus': true })}
            {text('employerEmployeeId', 'Employee ID', {
              required: true,
              maxLength: 100,
            })}
            {text('email', 'Email', {
              type: 'email',
              description: 'Email or Mobile is required',
              onLeave: () => void runCheck('email'),
              rightSection: checkHint('email'),
            })}
            {text('mobile', 'Mobile', {
              type: 'tel',
              inputMode: 'numeric',
              maxLength: MOBILE_LENGTH,
              description: '10 digits',
              normalise: (v) => v.replace(/\D/g, '').slice(0, MOBILE_LENGTH),
              onLeave: () => void runCheck('mobile'),
              rightSection: checkHint('mobile'),
            })}
            {text('currentMonthlySalary', 'Monthly Salary', { required: true, inputMode: 'numeric', description: 'In whole rupees' })}
            <ControlledField
              name="joiningDate"
              render={({ field, error }) => (
                <DateField
                  label="Joining Date"
                  required
                  clearable
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  pickable={joiningWindow}
                  onInvalidChange={setDateTyped}
                  error={error}
                  disabled={save.isPending}
                  w="100%"
                />
              )}
            />
            {text('salaryAccountNumber', 'Salary Account Number', {
              inputMode: 'numeric',
              maxLength: SALARY_ACCOUNT_MAX_LENGTH,
              description: employee?.salaryAccountNumber ? `Leave blank to keep ${employee.salaryAccountNumber}` : undefined,
            })}
            {text('maxWithdrawalSalaryPercent', 'Max Withdrawal Salary Percentage', { inputMode: 'decimal', description: '0 to 100' })}
            {text('maxWithdrawalPerDay', 'Max Withdrawal Per Day', { inputMode: 'decimal', description: 'In rupees' })}
            {text('maxWithdrawalPerTransaction', 'Max Withdrawal Per Transaction', { inputMode: 'decimal', description: 'In rupees' })}
            {text('designation', 'Designation', { maxLength: 100 })}
            {select('branchId', 'Branch', metadata?.branchIds)}
            {select('gradeId', 'Grade', metadata?.gradeIds)}
            {select('departmentId', 'Department', metadata?.departmentIds)}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={blocked} loading={save.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Form>
    );
  }

  return (
    <SideDrawer
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit Employee' : 'Add Employee'}
      locked={save.isPending}
      unsaved={phase.kind === 'form' && (formState.isDirty || dateTyped)}
    >
      {content}
    </SideDrawer>
  );
}
