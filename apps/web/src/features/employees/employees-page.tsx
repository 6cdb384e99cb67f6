import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconEdit, IconFileUpload, IconPlayerPlay, IconUserMinus, IconUserOff, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EMPLOYEE_LIST_PAGINATION_NEIGHBOURS,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_STATUS_LABELS,
  SIGN_UP_STATUSES,
  SIGN_UP_STATUS_LABELS,
  canAccessArea,
  type EmployeeFilterField,
  type EmployeeRecord,
} from '@portal/domain';
import { employerMetadataQuery, profileQuery } from '../../shared/auth/profile';
import {
  Coming,
  ListView,
  PageTitle,
  Unauthorized,
  errorMessage,
  notifyApiError,
  notifySuccess,
  useColumnVisibility,
  useListState,
  type DataTableColumn,
  type FilterField,
} from '../../shared/ui';
import { onDemand, useIdlePreload } from '../../shared/ui/on-demand';
import { saveBlob } from '../../shared/api/save-file';
import { EMPLOYEE_LIST, bulkEmployeeAction, downloadEmployeeReport, employeeListQuery, employeesKeys, type EmployeeSort } from './api';
import { BulkOutcomeAlert } from './bulk-outcome-alert';
import {
  EMPLOYEE_COLUMN_LABELS,
  FIXED_COLUMNS,
  availableColumns,
  defaultVisibleColumns,
  displayColumns,
  metadataLists,
  type EmployeeColumnKey,
} from './columns';
import { documentUploadHref, employmentLabel, profileHref, salaryText, signUpLabel, tableDate, textOrNA, withdrawalLabel } from './format';
import { bulkErrorOutcome, bulkOutcome, type BulkAction, type BulkOutcome } from './outcome';
import { canActivate, canTerminate, nextSelection, selectionSummary } from './selection';
import { useVendorId } from '../../shared/auth/vendor-context';

/** The add/edit drawer (its form, rules and date box) loads when first opened, not with the list (issue 14). */
/** The Add/Edit drawer's code: fetched once the list is idle; asked for before, it shows that it is coming. */
const loadEmployeeDrawer = onDemand(() => import('./employee-drawer'));
const EmployeeDrawer = lazy(() => loadEmployeeDrawer().then((m) => ({ default: m.EmployeeDrawer })));

const REPORT_FILE = 'employee-report.xlsx';
/** Employee IDs up to this many characters stay on one line. */
const LONG_EMPLOYEE_ID = 20;
const SEARCH_LABEL = 'Search by Employee ID, Mobile, Full Name or Email';

type DrawerState = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; employee: EmployeeRecord };

const CELL: Record<EmployeeColumnKey, (e: EmployeeRecord, vendorId: string | null) => ReactNode> = {
  fullName: (e, vendorId) => {
    const href = profileHref(e, vendorId);
    return href ? (
      <Anchor component={Link} to={href} fw={500} size="sm">
        {e.fullName}
      </Anchor>
    ) : (
      <Text span size="sm">
        {e.fullName}
      </Text>
    );
  },
  // One line (issue 14), unless an ID is longer than any the demo or a usual payroll has: then it may break, rather than push the table wider than the screen.
  employerEmployeeId: (e) =>
    e.employerEmployeeId.length > LONG_EMPLOYEE_ID ? (
      <Text span size="sm" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {e.employerEmployeeId}
      </Text>
    ) : (
      e.employerEmployeeId
    ),
  email: (e) => textOrNA(e.email),
  mobile: (e) => textOrNA(e.mobile),
  signUpStatus: (e) => signUpLabel(e),
  employmentStatus: (e) => employmentLabel(e),
  joinedAt: (e) => tableDate(e.joinedAt),
  terminatedAt: (e) => tableDate(e.terminatedAt),
  withdrawalAllowed: (e) => withdrawalLabel(e),
  currentMonthlySalary: (e) => salaryText(e.currentMonthlySalary),
  branchId: (e) => textOrNA(e.branchId),
  gradeId: (e) => textOrNA(e.gradeId),
  departmentId: (e) => textOrNA(e.departmentId),
};

/** Sortable columns and the server's sort key of each. */
const SORT_OF: Partial<Record<EmployeeColumnKey, EmployeeSort>> = {
  fullName: 'fullName',
  employerEmployeeId: 'employerEmployeeId',
  joinedAt: 'joinedAt',
  currentMonthlySalary: 'currentMonthlySalary',
};
/** Ids, dates and amounts stay on one line (an id cut in two reads as two ids). */
const NOWRAP: readonly EmployeeColumnKey[] = ['employerEmployeeId', 'mobile', 'joinedAt', 'terminatedAt', 'currentMonthlySalary', 'withdrawalAllowed'];

/**
 * The employees list (spec 2.5, 4.6, 6) of the employer, or of one vendor when the URL carries a
 * vendorId: search, filters, sortable columns, rows per page, column toggle (remembered per admin),
 * Download, bulk Activate / Terminate, pagination, Add / Edit Employee, Bulk Upload and Bulk
 * Termination. Page, page size, sort, search and filters live in the URL (ListView).
 */
export function EmployeesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const vendorId = useVendorId();
  const vendorContext = vendorId !== null;
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'EMPLOYEES', 'READ', vendorContext);
  const canWrite = canAccessArea(resources, 'EMPLOYEES', 'WRITE', vendorContext);

  const state = useListState<EmployeeSort, EmployeeFilterField>(EMPLOYEE_LIST);
  const sort = state.sort ?? { by: 'createdAt', order: 'desc' };
  const metadata = useQuery({ ...employerMetadataQuery(), enabled: canRead }).data;
  const available = useMemo(() => availableColumns(metadata), [metadata]);
  const defaults = useMemo(() => [...defaultVisibleColumns(available)], [available]);
  const columnChoice = useColumnVisibility<EmployeeColumnKey>({
    list: 'employees',
    available,
    defaults,
    locked: FIXED_COLUMNS,
    labels: EMPLOYEE_COLUMN_LABELS,
  });
  const shownColumns = columnChoice.shown;

  const list = useQuery({
    ...employeeListQuery(vendorId, {
      page: state.page,
      pageSize: state.pageSize,
      search: state.search,
      filters: state.filters,
      sortBy: sort.by,
      sortOrder: sort.order,
    }),
    enabled: canRead,
  });
  const rows = list.data?.employees;
  const total = list.data?.total ?? 0;

  const [selected, setSelected] = useState<Map<string, EmployeeRecord>>(() => new Map());
  const selectedList = [...selected.values()];
  const [drawer, setDrawer] = useState<DrawerState>({ kind: 'closed' });
  const [drawerKey, setDrawerKey] = useState(0);
  const opener = useRef<HTMLElement | null>(null);
  useIdlePreload(loadEmployeeDrawer);
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [outcome, setOutcome] = useState<Exclude<BulkOutcome, { kind: 'success' }> | null>(null);

  // A new search, filter, sort or page size is another list: what was selected on the old one goes.
  const clearing = <A extends unknown[]>(fn: (...args: A) => void) => (...args: A) => {
    setSelected(new Map());
    fn(...args);
  };
  const listState = {
    ...state,
    setSearch: clearing(state.setSearch),
    setFilters: clearing(state.setFilters),
    setPageSize: clearing(state.setPageSize),
    toggleSort: clearing(state.toggleSort),
  };

  const download = useMutation({
    mutationFn: () =>
      downloadEmployeeReport(vendorId, { filters: state.filters, searchText: state.search, columns: shownColumns, sortby: sort.by, sortOrder: sort.order }),
    onSuccess: (blob) => saveBlob(blob, REPORT_FILE),
    onError: (error) => notifyApiError(error),
  });

  const bulk = useMutation({
    mutationFn: ({ action, targets }: { action: BulkAction; targets: EmployeeRecord[] }) =>
      bulkEmployeeAction(
        action,
        targets.map((t) => t.employerEmployeeId),
        vendorId,
      ),
    onSuccess: (res, { action, targets }) => finish(bulkOutcome(action, targets, res?.data ?? [])),
    onError: (error, { action }) => finish(bulkErrorOutcome(action, errorMessage(error))),
  });
  const finish = (result: BulkOutcome) => {
    setConfirming(null);
    if (result.kind === 'success') {
      setOutcome(null);
      notifySuccess(result.message);
    } else setOutcome(result);
    setSelected(new Map());
    state.setPage(1);
    void queryClient.invalidateQueries({ queryKey: employeesKeys.lists() });
  };

  if (!canRead) return <Unauthorized />;

  const filterFields: FilterField<EmployeeFilterField>[] = [
    { value: 'signUpStatus', label: 'Sign Up Status', options: SIGN_UP_STATUSES.map((s) => ({ value: s, label: SIGN_UP_STATUS_LABELS[s] })) },
    { value: 'employmentStatus', label: 'Employment Status', options: EMPLOYMENT_STATUSES.map((s) => ({ value: s, label: EMPLOYMENT_STATUS_LABELS[s] })) },
  ];
  const listed = (values: readonly string[] | undefined) => (values ?? []).map((v) => ({ value: v, label: v }));
  if (metadataLists(metadata, 'branchId')) filterFields.push({ value: 'branchId', label: 'Branch', options: listed(metadata?.branchIds) });
  if (metadataLists(metadata, 'gradeId')) filterFields.push({ value: 'gradeId', label: 'Grade', options: listed(metadata?.gradeIds) });
  if (metadataLists(metadata, 'departmentId')) filterFields.push({ value: 'departmentId', label: 'Department', options: listed(metadata?.departmentIds) });

  const openDrawer = (next: DrawerState) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDrawerKey((k) => k + 1);
    setDrawer(next);
  };
  // Focus goes back to the button that opened the drawer (issue 24 item 2).
  const closeDrawer = () => {
    setDrawer({ kind: 'closed' });
    const back = opener.current;
    requestAnimationFrame(() => back?.focus());
  };

  const columns: DataTableColumn<EmployeeRecord>[] = displayColumns(shownColumns).map(({ key, under }) => ({
    key,
    header: EMPLOYEE_COLUMN_LABELS[key],
    subHeader: under ? EMPLOYEE_COLUMN_LABELS[under] : undefined,
    align: key === 'currentMonthlySalary' ? 'right' : undefined,
    sortKey: SORT_OF[key],
    nowrap: NOWRAP.includes(key),
    render: (row: EmployeeRecord) =>
      under ? (
        <Stack gap={0}>
          <Text span size="sm" style={NOWRAP.includes(key) ? { whiteSpace: 'nowrap' } : undefined}>
            {CELL[key](row, vendorId)}
          </Text>
          {/* The second line (an e-mail) wraps anywhere, even under a one-line first line: a long address must not widen the table. */}
          <Text span size="xs" c="dimmed" style={{ whiteSpace: NOWRAP.includes(under) ? 'nowrap' : 'normal', overflowWrap: 'anywhere' }}>
            {CELL[under](row, vendorId)}
          </Text>
        </Stack>
      ) : (
        CELL[key](row, vendorId)
      ),
  }));
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: 56,
      render: (row) => (
        <ActionIcon variant="subtle" aria-label={`Edit ${row.fullName}`} onClick={() => openDrawer({ kind: 'edit', employee: row })}>
          <IconEdit size={18} stroke={1.8} aria-hidden />
        </ActionIcon>
      ),
    });
  }

  const activateOffered = canActivate(selectedList);
  const terminateAllowed = canTerminate(selectedList);
  const confirmTargets = selectedList;

  return (
    <Stack gap="lg">
      <PageTitle
        title={vendorContext ? 'Vendor employees' : 'All employees'}
        description={vendorContext ? 'Workers of this vendor.' : 'Employees and contractors of your organisation.'}
        actions={
          canWrite ? (
            <>
              <Button variant="default" leftSection={<IconFileUpload size={16} stroke={1.8} aria-hidden />} onClick={() => void navigate(documentUploadHref('ADD_EMPLOYEES_BULK_UPLOAD', vendorId))}>
                Bulk Upload
              </Button>
              <Button variant="default" leftSection={<IconUserMinus size={16} stroke={1.8} aria-hidden />} onClick={() => void navigate(documentUploadHref('TERMINATED_EMPLOYEES_UPLOAD', vendorId))}>
                Bulk Termination
              </Button>
              <Button leftSection={<IconUserPlus size={16} stroke={1.8} aria-hidden />} onClick={() => openDrawer({ kind: 'add' })}>
                Add Employee
              </Button>
            </>
          ) : null
        }
      />

      {outcome ? <BulkOutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} /> : null}

      <ListView<EmployeeRecord, EmployeeFilterField, EmployeeColumnKey>
        label="Employees"
        // Tighter cell padding: long Employee IDs (kept on one line) and the stacked cells fit 1366 px.
        tableProps={{ horizontalSpacing: 'sm' }}
        state={listState}
        columns={columns}
        rows={rows}
        rowKey={(row) => row._id}
        total={total}
        loading={list.isPending}
        fetching={list.isFetching && list.isPlaceholderData}
        error={list.isError ? errorMessage(list.error) : null}
        search={{ label: SEARCH_LABEL, maxLength: 100, phonePlaceholder: 'Employee ID, mobile, name or email' }}
        filterFields={filterFields}
        columnToggle={columnChoice.toggleProps}
        neighbours={EMPLOYEE_LIST_PAGINATION_NEIGHBOURS}
        toolbarEnd={
          <Button variant="default" leftSection={<IconDownload size={16} stroke={1.8} aria-hidden />} loading={download.isPending} onClick={() => download.mutate()}>
            Download
          </Button>
        }
        above={
          canWrite ? (
            <Group justify="space-between" gap="sm" px="md" pb="md" wrap="wrap">
              <Group gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {selectionSummary(selected.keys(), rows ?? [])}
                </Text>
                {selected.size > 0 ? (
                  <Button variant="subtle" size="compact-sm" onClick={() => setSelected(new Map())}>
                    Clear selection
                  </Button>
                ) : null}
              </Group>
              <Group gap="sm">
                {activateOffered ? (
                  <Button color="green" variant="light" leftSection={<IconPlayerPlay size={16} stroke={1.8} aria-hidden />} onClick={() => setConfirming('activate')}>
                    Activate
                  </Button>
                ) : null}
                <Button color="red" variant="light" leftSection={<IconUserOff size={16} stroke={1.8} aria-hidden />} disabled={!terminateAllowed} onClick={() => setConfirming('terminate')}>
                  Terminate
                </Button>
              </Group>
            </Group>
          ) : null
        }
        selection={
          canWrite
            ? {
                selected: new Set(selected.keys()),
                onChange: (ids) => setSelected(nextSelection(selected, ids, rows ?? [])),
                rowLabel: (row) => `Select ${row.fullName}`,
                allLabel: 'Select all on this page',
              }
            : undefined
        }
      />

      <Modal
        opened={confirming !== null}
        onClose={() => !bulk.isPending && setConfirming(null)}
        title={confirming === 'activate' ? 'Activate employees' : 'Terminate employees'}
        closeButtonProps={{ 'aria-label': 'Close' }}
        styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Stack gap="md">
          <Text>
            {confirming === 'activate' ? 'Activate' : 'Terminate'} {confirmTargets.length} selected employee(s)?
          </Text>
          <List size="sm" spacing={2} mah={200} style={{ overflowY: 'auto' }}>
            {confirmTargets.map((e) => (
              <List.Item key={e._id}>
                {e.fullName} ({e.employerEmployeeId})
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={bulk.isPending}>
              Cancel
            </Button>
            <Button
              color={confirming === 'activate' ? 'green' : 'red'}
              loading={bulk.isPending}
              onClick={() => confirming && bulk.mutate({ action: confirming, targets: confirmTargets })}
            >
              {confirming === 'activate' ? 'Activate' : 'Terminate'}
            </Button>
          </Group>
        </Stack>
      </Modal>

      {drawer.kind !== 'closed' ? (
        <Suspense fallback={<Coming label={drawer.kind === 'edit' ? 'Opening Edit Employee' : 'Opening Add Employee'} />}>
          <EmployeeDrawer
            key={drawerKey}
            opened
            onClose={closeDrawer}
            employee={drawer.kind === 'edit' ? drawer.employee : null}
            vendorId={vendorId}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
