import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconPlus } from '@tabler/icons-react';
import { PAYROLL_MSG, formatRupees, type PayrollInfo, type StreamAccountInfo } from '@portal/domain';
import { errorMessage } from '../../shared/ui';
import { dayMonthYear } from './model';

export interface AccountCardProps {
  info: PayrollInfo | undefined;
  account: StreamAccountInfo | undefined;
  accountLoading: boolean;
  accountError: unknown;
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The side card (spec 2.9): Next Payroll, the payroll month, Account Balance and the Add amount link (a new tab). */
export function AccountCard({ info, account, accountLoading, accountError }: AccountCardProps) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="payroll-account-heading">
      <Stack gap="md">
        <Title order={2} fz="h4" id="payroll-account-heading">
          Payroll account
        </Title>
        <Figure label="Next Payroll">
          {info ? (
            <Text fw={600} data-testid="next-payroll">
              {dayMonthYear(info.nextPayroll)}
            </Text>
          ) : (
            <Skeleton height={18} width={140} />
          )}
        </Figure>
        <Figure label="Payroll month">
          {info ? <Text fw={600}>{info.monthForWhichPayrollWillBeExecuted.label}</Text> : <Skeleton height={18} width={120} />}
        </Figure>
        {accountLoading ? (
          <Figure label="Account Balance">
            <Skeleton height={24} width={160} />
          </Figure>
        ) : !account ? (
          <Figure label="Account Balance">
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {errorMessage(accountError)}
            </Text>
          </Figure>
        ) : account.accountBalance === null ? (
          // Decision 0034: a vendor's context sees whether the employer's account covers its payroll, never the employer's figures.
          <Figure label="Employer's account">
            <Text fw={600} data-testid="account-covers">
              {account.covers === null ? 'No payroll is waiting to be executed.' : account.covers ? 'Covers this payroll.' : 'Does not cover this payroll yet.'}
            </Text>
          </Figure>
        ) : (
          <Figure label="Account Balance">
            <Text fw={700} fz="xl" data-testid="account-balance">
              {formatRupees(account.accountBalance)}
            </Text>
          </Figure>
        )}
        {account?.virtualAccount ? (
          <Text size="xs" c="dimmed">
            Virtual account {account.virtualAccount}
          </Text>
        ) : null}
        {account?.rechargeLink ? (
          <Button
            component="a"
            href={account.rechargeLink}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            leftSection={<IconPlus size={16} stroke={1.8} aria-hidden />}
            rightSection={<IconExternalLink size={14} stroke={1.8} aria-hidden />}
            aria-label={`${PAYROLL_MSG.addAmount} (opens in a new tab)`}
          >
            {PAYROLL_MSG.addAmount}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

export interface InsufficientBalanceCardProps {
  /** the employer's balance; null in a vendor's context (decision 0034) */
  balance: number | null;
  required: number;
  /** null without WRITE on payroll, and in a vendor's context: no Add Balance link */
  rechargeLink: string | null;
}

/** "Insufficient Balance!" with the Add Balance link (spec 2.9, 8), shown while the balance is below totalBalanceRequired. */
export function InsufficientBalanceCard({ balance, required, rechargeLink }: InsufficientBalanceCardProps) {
  return (
    <Alert
      variant="light"
      color="red"
      icon={<IconAlertTriangle size={20} stroke={1.8} aria-hidden />}
      title={PAYROLL_MSG.insufficientBalance}
      data-testid="insufficient-balance"
      styles={{ title: { fontSize: 'var(--mantine-font-size-md)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">
          {balance === null
            ? `This payroll needs ${formatRupees(required)}. The employer must add funds to its account before this payroll can run.`
            : `This payroll needs ${formatRupees(required)}; the account holds ${formatRupees(balance)}. Add at least ${formatRupees(required - balance)} to execute it.`}
        </Text>
        {rechargeLink ? (
          <Group>
            <Anchor href={rechargeLink} target="_blank" rel="noopener noreferrer" fw={600} size="sm" aria-label={`${PAYROLL_MSG.addBalance} (opens in a new tab)`}>
              <Group gap={4} component="span" wrap="nowrap">
                {PAYROLL_MSG.addBalance}
                <IconExternalLink size={14} stroke={1.8} aria-hidden />
              </Group>
            </Anchor>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
