import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ActionIcon, Anchor, Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconEdit, IconFileUpload, IconPlayerPlay, IconUserMinus, IconUserOff, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EMPLOYEE_LIST_DEFAULT_PAGE_SIZE,
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
  ColumnToggle,
  DataTable,
  FilterBuilder,
  FilterPopover,
  PageTitle,
  Paginator,
  SearchInput,
  Unauthorized,
  errorMessage,
  notifyApiError,
  notifySuccess,
  type DataTableColumn,
  type FilterField,
} from '../../shared/ui';
import { saveBlob } from '../../shared/api/save-file';
import { bulkEmployeeAction, downloadEmployeeReport, employeeListQuery, employeesKeys } from './api';
import { BulkOutcomeAlert } from './bulk-outcome-alert';
import {
  EMPLOYEE_COLUMN_LABELS,
  availableColumns,
  defaultVisibleColumns,
  hideAllColumns,
  isFixedColumn,
  metadataLists,
  showAllColumns,
  toggleColumn,
  visibleColumnsInOrder,
  type EmployeeColumnKey,
} from './columns';
import { EmployeeDrawer } from './employee-drawer';
import { documentUploadHref, employmentLabel, profileHref, salaryText, signUpLabel, tableDate, textOrNA, withdrawalLabel } from './format';
import { bulkErrorOutcome, bulkOutcome, type BulkAction, type BulkOutcome } from './outcome';
import { canActivate, canTerminate, nextSelection } from './selection';
import { parseListState, writeListState, type EmployeeFilter, type ListState } from './url-state';

const REPORT_FILE = 'employee-report.xlsx';
const SEARCH_LABEL = 'Search by Employee ID, Mobile, Full Name or Email';

type DrawerState = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; employee: EmployeeRecord };

const CELL: Record<EmployeeColumnKey, (e: EmployeeRecord, vendorId: string | null) => ReactNode> = {
  fullName: (e, vendorId) => {
    const href = profileHref(e, vendorId);
    return href ? (
      <Anchor component={Link} to={href} fw={500} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {e.fullName}
      </Anchor>
    ) : (
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
        {e.fullName}
      </Text>
    );
  },
  employerEmployeeId: (e) => e.employerEmployeeId,
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

/**
 * The employees list (spec 2.5, 4.6, 6) of the employer, or of one vendor when the URL carries a
 * vendorId: search, filters, column toggle, Download, bulk Activate / Terminate, pagination, Add /
 * Edit Employee, Bulk Upload and Bulk Termination. Page, search and filters live in the URL.
 */
export function EmployeesPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const vendorId = params.get('vendorId') || null;
  const vendorContext = vendorId !== null;
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'EMPLOYEES', 'READ', vendorContext);
  const canWrite = canAccessArea(resources, 'EMPLOYEES', 'WRITE', vendorContext);

  const state = useMemo(() => parseListState(params), [params]);
  const metadata = useQuery({ ...employerMetadataQuery(), enabled: canRead }).data;
  const available = useMemo(() => availableColumns(metadata), [metadata]);
  const [visibleChoice, setVisibleChoice] = useState<Set<EmployeeColumnKey> | null>(null);
  const visible = visibleChoice ?? defaultVisibleColumns(available);
  const shownColumns = visibleColumnsInOrder(available, visible);

  const list = useQuery({ ...employeeListQuery(vendorId, state), enabled: canRead });
  const rows = list.data?.employees;
  const total = list.data?.total ?? 0;

  const [selected, setSelected] = useState<Map<string, EmployeeRecord>>(() => new Map());
  const selectedList = [...selected.values()];
  const [drawer, setDrawer] = useState<DrawerState>({ kind: 'closed' });
  const [drawerKey, setDrawerKey] = useState(0);
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [outcome, setOutcome] = useState<Exclude<BulkOutcome, { kind: 'success' }> | null>(null);

  const update = (patch: Partial<ListState>, { clearSelection = false } = {}) => {
    setParams(writeListState(params, { ...state, ...patch }));
    if (clearSelection) setSelected(new Map());
  };

  const download = useMutation({
    mutationFn: () => downloadEmployeeReport(vendorId, { filters: state.filters, searchText: state.search, columns: shownColumns }),
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
    update({ page: 1 }, { clearSelection: true });
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
    setDrawerKey((k) => k + 1);
    setDrawer(next);
  };

  const columns: DataTableColumn<EmployeeRecord>[] = shownColumns.map((key) => ({
    key,
    header: EMPLOYEE_COLUMN_LABELS[key],
    align: key === 'currentMonthlySalary' ? 'right' : undefined,
    render: (row: EmployeeRecord) => CELL[key](row, vendorId),
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

      <Paper withBorder>
        <Stack gap={0}>
          <Group justify="space-between" gap="sm" p="md" wrap="wrap">
            <SearchInput
              label={SEARCH_LABEL}
              value={state.search}
              onSearch={(search) => update({ search, page: 1 }, { clearSelection: true })}
              maxLength={100}
              w={{ base: '100%', sm: 380 }}
            />
            <Group gap="sm" wrap="wrap">
              <FilterPopover label="Filter" activeCount={state.filters.length} width={620}>
                {(close) => (
                  <FilterBuilder<EmployeeFilterField>
                    fields={filterFields}
                    value={state.filters}
                    onApply={(filters: EmployeeFilter[]) => {
                      update({ filters, page: 1 }, { clearSelection: true });
                      close();
                    }}
                    onCancel={close}
                  />
                )}
              </FilterPopover>
              <ColumnToggle<EmployeeColumnKey>
                columns={available.map((key) => ({ key, label: EMPLOYEE_COLUMN_LABELS[key], locked: isFixedColumn(key) }))}
                visible={visible}
                onToggle={(key, show) => setVisibleChoice(toggleColumn(visible, key, show))}
                onHideAll={() => setVisibleChoice(hideAllColumns())}
                onShowAll={() => setVisibleChoice(showAllColumns(available))}
              />
              <Button variant="default" leftSection={<IconDownload size={16} stroke={1.8} aria-hidden />} loading={download.isPending} onClick={() => download.mutate()}>
                Download
              </Button>
            </Group>
          </Group>

          {canWrite ? (
            <Group justify="space-between" gap="sm" px="md" pb="md" wrap="wrap">
              <Group gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {selected.size > 0 ? `${selected.size} selected` : 'Select employees to activate or terminate them.'}
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
          ) : null}

          <DataTable
            label="Employees"
            columns={columns}
            rows={rows}
            rowKey={(row) => row._id}
            minWidth={1100}
            loading={list.isPending}
            loadingRows={EMPLOYEE_LIST_DEFAULT_PAGE_SIZE}
            error={list.isError ? errorMessage(list.error) : null}
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
          <Stack p="md">
            <Paginator
              page={state.page}
              onChange={(page) => update({ page })}
              total={total}
              pageSize={EMPLOYEE_LIST_DEFAULT_PAGE_SIZE}
              neighbours={EMPLOYEE_LIST_PAGINATION_NEIGHBOURS}
              withShowingLabel
              label="Employees pages"
              disabled={list.isFetching && list.isPlaceholderData}
            />
          </Stack>
        </Stack>
      </Paper>

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
        <EmployeeDrawer
          key={drawerKey}
          opened
          onClose={() => setDrawer({ kind: 'closed' })}
          employee={drawer.kind === 'edit' ? drawer.employee : null}
          vendorId={vendorId}
        />
      ) : null}
    </Stack>
  );
}
