import { Link } from 'react-router';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconMail, IconPhone, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MSG, formatDdMmYyyy, type VendorCard } from '@portal/domain';
import { vendorsQuery } from '../../shared/auth/profile';
import { EmptyState, PageTitle, errorMessage } from '../../shared/ui';
import { VendorLogo } from './vendor-logo';

const NA = 'NA';

function Detail({ icon: Icon, label, value }: { icon: typeof IconMail; label: string; value: string }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Icon size={16} stroke={1.7} aria-hidden color="var(--mantine-color-gray-6)" style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm" c="dimmed" w={120} style={{ flex: 'none' }}>
        {label}
      </Text>
      {/* The whole value stays readable: a long e-mail wraps at any character instead of being cut. */}
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

function VendorCardView({ card }: { card: VendorCard }) {
  const { vendor, employeesCount } = card;
  const info = vendor.vendorInfo;
  return (
    <Card
      component={Link}
      to={`/vendors/summary?${new URLSearchParams({ vendorId: vendor._id }).toString()}`}
      withBorder
      radius="md"
      padding="lg"
      data-testid="vendor-card"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <VendorLogo name={vendor.name} logoUrl={info.logoUrl} />
          <Text fw={600} size="lg" lh={1.3} style={{ minWidth: 0 }} lineClamp={2}>
            {vendor.name}
          </Text>
        </Group>
        <Stack gap={6}>
          <Detail icon={IconMail} label="Email" value={info.email ?? NA} />
          <Detail icon={IconPhone} label="Mobile" value={info.mobileNumber ?? NA} />
          <Detail icon={IconCalendarEvent} label="Contract start" value={info.contractStartDate ? formatDdMmYyyy(info.contractStartDate) : NA} />
          <Detail icon={IconUsers} label="Employees" value={String(employeesCount)} />
        </Stack>
      </Stack>
    </Card>
  );
}

/** Vendors (spec 2.18): a card per vendor this admin may enter; a card opens the vendor's dashboard. */
export function VendorCardsPage() {
  const vendors = useQuery(vendorsQuery());
  return (
    <Stack gap="lg">
      <PageTitle title="Your vendors" description="Open a vendor to work on its employees, attendance, transactions and admins." />
      {vendors.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(vendors.error)}
        </Alert>
      ) : vendors.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((k) => (
            <Skeleton key={k} height={190} radius="md" />
          ))}
        </SimpleGrid>
      ) : vendors.data.length === 0 ? (
        <EmptyState message={MSG.noDataFound} description="No vendor has been set up for your organisation yet." />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {vendors.data.map((card) => (
            <li key={card.vendor._id}>
              <VendorCardView card={card} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
