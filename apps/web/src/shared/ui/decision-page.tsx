import { useState, type ReactNode } from 'react';
import { Button, Center, Group, Loader, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { canAccessArea, type ApprovalDecision, type Area } from '@portal/domain';
import { employerConfigQuery, profileQuery } from '../auth/profile';
import type { DataTableColumn } from './data-table';
import { ListView, useListState } from './list';
import { errorMessage, notifySuccess } from './notify';
import { PageTitle } from './page-title';
import { Unauthorized } from './unauthorized';
import { useVendorId } from '../auth/vendor-context';

const SEARCH_LABEL = 'Search by Name, Worker ID or Mobile';
const MAX_SEARCH = 100;
const modalStyles = { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } };

/** What every decision carries: approve or reject. */
export interface DecisionOf {
  status: ApprovalDecision;
}

/** The question asked before a decision is sent. */
export interface Confirmation {
  title: string;
  text: ReactNode;
  /** The confirming button's label and colour. */
  button: string;
  color: string;
}

/** What a row's decision dialog of its own (e.g. Modify's salary) gets. */
export interface DialogContext<I> {
  pending: boolean;
  close: () => void;
  decide: (input: I) => void;
}

/** A button of a row's Actions: it decides at once, after a confirmation, or opens its own dialog. */
export type DecideAction<R, I extends DecisionOf> = {
  label: string;
  icon: ReactNode;
  color?: string;
  variant?: ButtonProps['variant'];
} & (
  | { then: 'decide'; input: (row: R) => I; /** Whether the pending decision is this button's (it then shows as loading). */ isThis: (pending: I, row: R) => boolean }
  | { then: 'confirm'; input: (row: R) => I; confirm: (row: R) => Confirmation }
  | { then: 'dialog'; dialog: (row: R, context: DialogContext<I>) => ReactNode }
);

/** What tells one list of decisions (User Verification, EWA Requests) from another: the rest is the one flow below. */
export interface DecisionList<D extends { data: unknown[] }, K extends QueryKey, I extends DecisionOf, A extends { status: ApprovalDecision }, R = D['data'][number]> {
  /** The resource whose READ shows the page and whose WRITE shows the actions (the vendor one with a vendorId). */
  area: Area;
  title: string;
  description: string;
  /** The list's accessible name. */
  label: string;
  /** The pending rows of the context and search. */
  listQuery: (vendorId: string | null, search: string) => UseQueryOptions<D, Error, D, K>;
  /** The key of every pending list, refreshed after any decision (a failure too: decided meanwhile elsewhere). */
  listsKey: QueryKey;
  rowKey: (row: R) => string;
  /** The name a row's buttons are labelled with ("Accept Asha Devi"). */
  nameOf: (row: R) => string;
  /** The columns before Actions, made with the context (a link to a profile needs the vendor). */
  columns: (vendorId: string | null) => DataTableColumn<R>[];
  actions: DecideAction<R, I>[];
  decide: (input: I, vendorId: string | null) => Promise<A>;
  /** The toast of a decision made. */
  done: (result: A) => string;
}

/** A decision list's configuration, its types inferred from its calls. */
export const decisionList = <D extends { data: unknown[] }, K extends QueryKey, I extends DecisionOf, A extends { status: ApprovalDecision }>(
  config: DecisionList<D, K, I, A>,
): DecisionList<D, K, I, A> => config;

type Dialog<R, I extends DecisionOf> =
  | { kind: 'none' }
  | { kind: 'confirm'; row: R; input: I; confirm: Confirmation }
  | { kind: 'own'; row: R; action: Extract<DecideAction<R, I>, { then: 'dialog' }> }
  | { kind: 'failed'; title: string; message: string };

/**
 * A list of decisions to make (spec 2.17, 4.7; issue 13, decision 0024): what waits for the
 * employer's approval, with a search (500 ms debounce, kept in the URL; one list, not paged), and
 * per row the configured actions for admins with WRITE on the area; a toast on success, a dialog
 * with the server's message on failure. Only when the employer config enables approval (spec 2.2,
 * 6). User Verification and EWA Requests are this page with their `DecisionList`.
 */
export function DecisionPage<D extends { data: unknown[] }, K extends QueryKey, I extends DecisionOf, A extends { status: ApprovalDecision }, R = D['data'][number]>({
  config,
}: {
  config: DecisionList<D, K, I, A, R>;
}) {
  const queryClient = useQueryClient();
  const vendorId = useVendorId();
  // One list, not paged: the search is its only state in the URL.
  const state = useListState({});
  const search = state.search;
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, config.area, 'READ', vendorId !== null);
  const canWrite = canAccessArea(resources, config.area, 'WRITE', vendorId !== null);
  const employerConfig = useQuery(employerConfigQuery());
  const enabled = Boolean(employerConfig.data?.isEmployeeApprovalEnabled);

  const list = useQuery({ ...config.listQuery(vendorId, search), enabled: canRead && enabled });
  const [dialog, setDialog] = useState<Dialog<R, I>>({ kind: 'none' });

  const decide = useMutation({
    mutationFn: (input: I) => config.decide(input, vendorId),
    onSuccess: (result) => {
      setDialog({ kind: 'none' });
      notifySuccess(config.done(result));
    },
    onError: (error, input) => {
      setDialog({ kind: 'failed', title: input.status === 'APPROVED' ? 'Approval failed' : 'Rejection failed', message: errorMessage(error) });
    },
    // A failure (e.g. decided meanwhile by someone else) also refreshes the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: config.listsKey }),
  });

  if (employerConfig.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (!enabled || !canRead) return <Unauthorized />;

  const close = () => setDialog({ kind: 'none' });
  const columns = config.columns(vendorId);
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          {config.actions.map((action) => (
            <Button
              key={action.label}
              size="xs"
              color={action.color}
              variant={action.variant}
              leftSection={action.icon}
              aria-label={`${action.label} ${config.nameOf(row)}`}
              loading={action.then === 'decide' && decide.isPending && decide.variables !== undefined && action.isThis(decide.variables, row)}
              disabled={decide.isPending}
              onClick={() => {
                if (action.then === 'decide') decide.mutate(action.input(row));
                else if (action.then === 'confirm') setDialog({ kind: 'confirm', row, input: action.input(row), confirm: action.confirm(row) });
                else setDialog({ kind: 'own', row, action });
              }}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      ),
    });
  }

  const rows = list.data?.data as R[] | undefined;
  const confirming = dialog.kind === 'confirm' ? dialog : null;
  return (
    <Stack gap="lg">
      <PageTitle title={config.title} description={config.description} />
      <ListView<R>
        label={config.label}
        state={state}
        columns={columns}
        rows={rows}
        rowKey={config.rowKey}
        loading={list.isPending}
        error={list.isError ? errorMessage(list.error) : null}
        search={{ label: SEARCH_LABEL, maxLength: MAX_SEARCH, width: 380 }}
        toolbarEnd={
          // There before the rows come (a blank line), so that the count, where it wraps under the search (a phone), does not push the list down as it arrives.
          <Text size="sm" c="dimmed" aria-live="polite">
            {rows ? `${rows.length} pending` : '\u00a0'}
          </Text>
        }
      />

      {dialog.kind === 'own' ? dialog.action.dialog(dialog.row, { pending: decide.isPending, close, decide: (input) => decide.mutate(input) }) : null}

      <Modal
        opened={confirming !== null}
        onClose={() => !decide.isPending && close()}
        title={confirming?.confirm.title ?? ''}
        closeButtonProps={{ 'aria-label': 'Close' }}
        styles={modalStyles}
      >
        {confirming ? (
          <Stack gap="md">
            <Text>{confirming.confirm.text}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={decide.isPending}>
                Cancel
              </Button>
              <Button color={confirming.confirm.color} loading={decide.isPending} onClick={() => decide.mutate(confirming.input)}>
                {confirming.confirm.button}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>

      <Modal opened={dialog.kind === 'failed'} onClose={close} title={dialog.kind === 'failed' ? dialog.title : ''} closeButtonProps={{ 'aria-label': 'Close' }} styles={modalStyles}>
        {dialog.kind === 'failed' ? (
          <Stack gap="md">
            <Text role="alert">{dialog.message}</Text>
            <Group justify="flex-end">
              <Button onClick={close}>OK</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
