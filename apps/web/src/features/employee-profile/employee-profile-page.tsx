import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconEye, IconUserOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EMPLOYEE_PROFILE_MSG,
  EMPLOYMENT_STATUS_LABELS,
  PROFILE_DOCUMENT_TYPES,
  PROFILE_NA,
  canAccessArea,
  maskLast4,
  profileAddressText,
  profileDateTimeText,
  profileTransactionCells,
  type EmployeeProfile,
  type ProfileAgreement,
  type ProfileTransaction,
  type VerificationStatus,
} from '@portal/domain';
import { employeesKeys } from '../../shared/api/query-keys';
import { profileQuery } from '../../shared/auth/profile';
import {
  ListView,
  PageTitle,
  StatusBadge,
  errorMessage,
  notifyApiError,
  notifyError,
  notifySuccess,
  pageCountOf,
  useListState,
  type DataTableColumn,
  type StatusTone,
} from '../../shared/ui';
import { employeeProfileKeys, fetchAgreementLink, profileAgreementsQuery, profileDetailsQuery, profileTransactionsQuery, terminateEmployee } from './api';
import { DocumentCard } from './document-card';
import { SalaryDetailsCard } from './salary-details-card';
import { useVendorId } from '../../shared/auth/vendor-context';

const DASHBOARD = '/dashboard';
/** The profile's transactions come whole and are shown 10 a page (the page is in the URL). */
const TRANSACTIONS_PAGE_SIZE = 10;
const TRANSACTIONS_PAGE_SIZES = [TRANSACTIONS_PAGE_SIZE];
const VERIFICATION_TONE: Record<VerificationStatus, StatusTone> = { VERIFIED: 'success', PENDING: 'pending', INCORRECT: 'reject' };

/** dd/mm/yyyy of a yyyy-mm-dd date; NA when missing. */
const dateText = (iso: string | null | undefined) => {
  if (!iso || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return PROFILE_NA;
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};
const text = (v: string | null | undefined) => (v && v.trim() ? v : PROFILE_NA);
const statusTone = (status: string): StatusTone =>
  ['TRANSFERRED', 'REPAID', 'DEDUCTED_FROM_SALARY'].includes(status) ? 'success' : ['TRANSFER_FAILED', 'LENDER_REJECTED', 'CANCELLED', 'EXPIRED'].includes(status) ? 'reject' : 'pending';

function Detail({ label, value, badge }: { label: string; value: ReactNode; badge?: VerificationStatus | undefined }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Group component="dd" m={0} gap="xs" wrap="wrap">
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {badge ? <StatusBadge tone={VERIFICATION_TONE[badge]} status={badge} size="xs" style={{ flexShrink: 0 }} /> : null}
      </Group>
    </div>
  );
}

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <PageTitle title={title} order={2} actions={actions} />
        {children}
      </Stack>
    </Paper>
  );
}

function PersonalDetails({ p }: { p: EmployeeProfile }) {
  return (
    <Section title="Personal Details">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" m={0}>
        <Detail label="Name" value={p.name.data} />
        <Detail label="Mobile" value={p.phone ? `${p.phone.data.countryCode} ${p.phone.data.number}` : PROFILE_NA} />
        <Detail label="Email Id" value={text(p.email?.data)} />
        <Detail label="Gender" value={text(p.gender)} />
        <Detail label="Date of Birth" value={dateText(p.dateOfBirth)} />
        <Detail label="PAN" value={p.pan ? maskLast4(p.pan.data.pan) : PROFILE_NA} badge={p.verification.pan} />
        <Detail label="Address" value={profileAddressText(p.address?.data)} badge={p.verification.address} />
        <Detail label="Employee ID" value={p.employerEmployeeId} />
        <Detail label="Joining Date" value={dateText(p.joinedAt)} />
      </SimpleGrid>
    </Section>
  );
}

function AccountDetails({ p }: { p: EmployeeProfile }) {
  return (
    <Section title="Account Details">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" m={0}>
        <Detail label="Salary Account Number" value={p.salaryAccountNumber ? maskLast4(p.salaryAccountNumber) : PROFILE_NA} />
        {p.bankAccountInfo.length === 0 ? <Detail label="Bank Account" value={PROFILE_NA} /> : null}
        {p.bankAccountInfo.map((a, i) => (
          <Detail
            key={i}
            label={a.data.primary ? 'Primary Account Number' : 'Account Number'}
            value={
              <>
                {maskLast4(a.data.accountNumber)}
                <Text span size="sm" c="dimmed" ml="xs">
                  IFSC {a.data.ifsc}
                </Text>
              </>
            }
            badge={a.data.primary ? p.verification.bank_details : undefined}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}

function AgreementsTable({ vendorId, p }: { vendorId: string | null; p: EmployeeProfile }) {
  const list = useQuery(profileAgreementsQuery(vendorId, p._id, p.workerType));
  // A worker's few agreements come whole: nothing of this list goes in the URL.
  const state = useListState({});
  const [opening, setOpening] = useState<string | null>(null);
  const view = async (a: ProfileAgreement) => {
    setOpening(a.agreementId);
    try {
      const link = await fetchAgreementLink(vendorId, a.agreementId);
      if (!link.url) notifyError(EMPLOYEE_PROFILE_MSG.noAgreement);
      else window.open(link.url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      notifyApiError(error);
    } finally {
      setOpening(null);
    }
  };
  const columns: DataTableColumn<ProfileAgreement>[] = [
    { key: 'type', header: 'Agreement Type', render: (a) => a.agreementType.replace(/_/g, ' ') },
    { key: 'signedAt', header: 'Signed On', nowrap: true, render: (a) => profileDateTimeText(a.signedAt) },
    {
      key: 'action',
      header: 'Action',
      align: 'right',
      render: (a) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconEye size={14} aria-hidden />}
          loading={opening === a.agreementId}
          onClick={() => void view(a)}
          aria-label={`View ${a.agreementType.replace(/_/g, ' ')} signed ${profileDateTimeText(a.signedAt)}`}
        >
          View
        </Button>
      ),
    },
  ];
  return (
    <Section title="Agreements">
      <ListView<ProfileAgreement>
        unframed
        label="Agreements"
        state={state}
        columns={columns}
        rows={list.data?.agreements}
        rowKey={(a) => a.agreementId}
        loading={list.isPending}
        error={list.isError ? errorMessage(list.error) : null}
        minWidth={480}
      />
    </Section>
  );
}

function TransactionsTable({ vendorId, employeeId }: { vendorId: string | null; employeeId: string }) {
  const list = useQuery(profileTransactionsQuery(vendorId, employeeId));
  const state = useListState({ pageSizes: TRANSACTIONS_PAGE_SIZES, defaultPageSize: TRANSACTIONS_PAGE_SIZE });
  const all = list.data?.transactions;
  const total = all?.length ?? 0;
  // A page past the last (an old link) shows the last.
  const page = Math.min(state.page, Math.max(1, pageCountOf(total, TRANSACTIONS_PAGE_SIZE)));
  const rows = all?.slice((page - 1) * TRANSACTIONS_PAGE_SIZE, page * TRANSACTIONS_PAGE_SIZE);
  const columns: DataTableColumn<ProfileTransaction>[] = [
    { key: 'dateTime', header: 'Date & time', nowrap: true, render: (t) => profileTransactionCells(t).dateTime },
    { key: 'amountDisbursed', header: 'Amount Disbursed', align: 'right', nowrap: true, render: (t) => profileTransactionCells(t).amountDisbursed },
    { key: 'repaidAmount', header: 'Repaid Amount', align: 'right', nowrap: true, render: (t) => profileTransactionCells(t).repaidAmount },
    {
      key: 'status',
      header: 'Status',
      render: (t) => (
        <>
          <StatusBadge tone={statusTone(t.status)} status={t.status} />
          {t.reason ? (
            <Text size="xs" c="dimmed" mt={4}>
              {t.reason}
            </Text>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <Section title="Transactions">
      <ListView<ProfileTransaction>
        unframed
        label="Transactions"
        state={{ ...state, page }}
        columns={columns}
        rows={rows}
        rowKey={(t) => t._id}
        // One page needs no paginator.
        total={total > TRANSACTIONS_PAGE_SIZE ? total : undefined}
        pageSizeSelect={false}
        loading={list.isPending}
        error={list.isError ? errorMessage(list.error) : null}
        minWidth={560}
      />
    </Section>
  );
}

function TerminateButton({ vendorId, p }: { vendorId: string | null; p: EmployeeProfile }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const terminate = useMutation({
    mutationFn: () => terminateEmployee(vendorId, p._id),
    onSuccess: async () => {
      setConfirming(false);
      notifySuccess(EMPLOYEE_PROFILE_MSG.terminated(p.name.data));
      await queryClient.invalidateQueries({ queryKey: employeeProfileKeys.worker(vendorId, p._id) });
      // The employees list shows the new status too (its query keys start with 'employees').
      await queryClient.invalidateQueries({ queryKey: employeesKeys.all });
    },
    onError: (error) => {
      setConfirming(false);
      notifyError(errorMessage(error), { title: EMPLOYEE_PROFILE_MSG.terminationFailed });
    },
  });
  if (p.employmentStatus === 'INACTIVE') return null;
  return (
    <>
      <Button color="red" variant="light" leftSection={<IconUserOff size={16} aria-hidden />} onClick={() => setConfirming(true)}>
        Terminate
      </Button>
      <Modal
        opened={confirming}
        onClose={() => !terminate.isPending && setConfirming(false)}
        title="Terminate employee"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
        styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Stack gap="lg">
          <Text>{EMPLOYEE_PROFILE_MSG.terminateConfirm(p.name.data)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={terminate.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={() => terminate.mutate()} loading={terminate.isPending}>
              Terminate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ProfileContent({ vendorId, employeeId, fallbackEmployeeId, fallbackJoiningDate }: { vendorId: string | null; employeeId: string; fallbackEmployeeId: string; fallbackJoiningDate: string }) {
  const resources = useQuery(profileQuery()).data?.resources;
  const canWrite = canAccessArea(resources, 'EMPLOYEES', 'WRITE', vendorId !== null);
  const details = useQuery(profileDetailsQuery(vendorId, employeeId));

  useEffect(() => {
    if (details.isError) notifyApiError(details.error);
  }, [details.isError, details.error]);

  if (details.isPending) {
    return (
      <Stack gap="lg" aria-busy>
        <Skeleton h={96} radius="md" />
        <Skeleton h={180} radius="md" />
        <Skeleton h={180} radius="md" />
      </Stack>
    );
  }
  if (details.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="Employee profile">
        {errorMessage(details.error)}
      </Alert>
    );
  }
  const p = details.data;
  const docStatus = new Map(p.documents.map((d) => [d.docType, d.status]));
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Title order={2} fz="h3" fw={600}>
              {p.name.data}
            </Title>
            <Group gap="md" wrap="wrap">
              <Text size="sm" c="dimmed">
                Employee ID: {p.employerEmployeeId || fallbackEmployeeId}
              </Text>
              <Text size="sm" c="dimmed">
                Joining Date: {dateText(p.joinedAt ?? fallbackJoiningDate)}
              </Text>
              <Badge variant="light" color={p.employmentStatus === 'INACTIVE' ? 'red' : 'green'} radius="sm">
                {EMPLOYMENT_STATUS_LABELS[p.employmentStatus]}
              </Badge>
              {p.terminatedAt ? (
                <Text size="sm" c="dimmed">
                  Terminated on {dateText(p.terminatedAt)}
                </Text>
              ) : null}
            </Group>
          </Stack>
          {canWrite ? <TerminateButton vendorId={vendorId} p={p} /> : null}
        </Group>
      </Paper>
      <PersonalDetails p={p} />
      <AccountDetails p={p} />
      <Section title="Documents">
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {PROFILE_DOCUMENT_TYPES.map((docType) => (
            <DocumentCard key={docType} vendorId={vendorId} employeeId={p._id} docType={docType} status={docStatus.get(docType) ?? null} workerName={p.name.data} />
          ))}
        </SimpleGrid>
      </Section>
      <SalaryDetailsCard vendorId={vendorId} employeeId={p._id} />
      <AgreementsTable vendorId={vendorId} p={p} />
      <TransactionsTable vendorId={vendorId} employeeId={p._id} />
    </Stack>
  );
}

/**
 * Employee profile (spec 2.6) at /employeeProfile and /vendors/employeeProfile with empId,
 * employerEmployeeId, joiningDate and vendorId: details with PAN and account numbers masked,
 * document cards, Salary Details, agreements, transactions and Terminate (WRITE only). An empty
 * id goes to the dashboard.
 */
export function EmployeeProfilePage() {
  const [params] = useSearchParams();
  const employeeId = (params.get('empId') ?? '').trim();
  const vendorId = useVendorId();
  if (!employeeId) return <Navigate to={DASHBOARD} replace />;
  return (
    <ProfileContent
      key={`${vendorId ?? ''}:${employeeId}`}
      vendorId={vendorId}
      employeeId={employeeId}
      fallbackEmployeeId={params.get('employerEmployeeId') ?? ''}
      fallbackJoiningDate={params.get('joiningDate') ?? ''}
    />
  );
}
