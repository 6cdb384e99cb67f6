import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { canEnterVendor, hasAnyVendorRead, visibleVendorTabs } from '@portal/domain';
import { employerConfigQuery, profileQuery, vendorsQuery } from '../../shared/auth/profile';
import { Unauthorized } from '../../shared/ui';
import { useVendorId } from '../../shared/auth/vendor-context';

/** Which vendor tab a location belongs to (the employee profile sits under Employees; the payroll screens under Payroll; Leave under Attendance). */
const tabOf = (pathname: string): string => {
  if (/^\/payroll(\/|$)/.test(pathname)) return 'payroll';
  if (/^\/leave(\/|$)/.test(pathname)) return 'attendance';
  if (/^\/ewa-request(\/|$)/.test(pathname)) return 'ewaRequests';
  const sub = pathname.replace(/^\/vendors\/?/, '').split('/')[0] ?? '';
  return sub === 'employeeProfile' ? 'employees' : sub;
};

/**
 * A vendor's pages: the vendor's name and the vendor tabs this admin may read above them. Only a
 * vendor the admin may enter (one of those GET /employer-admin/vendors lists for this admin, so
 * another employer's vendor is refused here, before any screen asks for its data).
 */
function VendorContext({ vendorId, children }: { vendorId: string; children: ReactNode }) {
  const location = useLocation();
  const admin = useQuery(profileQuery()).data;
  const mayRead = Boolean(admin && hasAnyVendorRead(admin.resources));
  const vendors = useQuery({ ...vendorsQuery(), enabled: mayRead });
  const config = useQuery(employerConfigQuery());
  if (!admin || !mayRead || !canEnterVendor(admin, vendorId)) return <Unauthorized />;
  if (vendors.isPending) return <Skeleton height={36} width={420} radius="md" />;
  const vendor = vendors.data?.find((card) => card.vendor._id === vendorId)?.vendor;
  if (!vendor) return <Unauthorized />;

  const current = tabOf(location.pathname);
  const query = `?vendorId=${encodeURIComponent(vendorId)}`;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" data-testid="vendor-context">
        Vendor:{' '}
        <Text span fw={600} c="var(--mantine-color-text)">
          {vendor.name}
        </Text>
      </Text>
      <nav aria-label="Vendor sections">
        <Group gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} wrap="wrap">
          {visibleVendorTabs(admin.resources, { isEmployeeApprovalEnabled: config.data?.isEmployeeApprovalEnabled ?? false }).map((tab) => {
            const active = current === tab.key;
            return (
              <li key={tab.key}>
                <Button
                  component={Link}
                  to={`${'path' in tab ? tab.path : `/vendors/${tab.key}`}${query}`}
                  variant={active ? 'light' : 'subtle'}
                  color={active ? 'blue' : 'gray'}
                  size="sm"
                  aria-current={active ? 'page' : undefined}
                >
                  {tab.label}
                </Button>
              </li>
            );
          })}
        </Group>
      </nav>
      {children}
    </Stack>
  );
}

/**
 * /vendors and its nested routes (spec 2.2): the vendor cards at the index; every other page needs a
 * vendorId the admin may enter, and shows the vendor's name and tabs (VendorContext).
 */
export function VendorLayout() {
  const location = useLocation();
  const vendorId = useVendorId() ?? '';
  const admin = useQuery(profileQuery()).data;
  const atIndex = /^\/vendors\/?$/.test(location.pathname);

  if (!admin || !hasAnyVendorRead(admin.resources)) return <Unauthorized />;
  if (!atIndex && !vendorId) return <Navigate to="/vendors" replace />;
  if (!vendorId) return <Outlet />;
  return (
    <VendorContext vendorId={vendorId}>
      <Outlet />
    </VendorContext>
  );
}

/**
 * A screen outside /vendors that also works in a vendor's context (the payroll screens, EWA Requests and
 * Leave, with a vendorId): with one, the vendor's name and tabs above it, as on the vendor's own pages.
 */
export function VendorFrame({ children }: { children: ReactNode }) {
  const vendorId = useVendorId();
  if (!vendorId) return <>{children}</>;
  return <VendorContext vendorId={vendorId}>{children}</VendorContext>;
}
