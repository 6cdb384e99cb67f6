import { Link, Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { canEnterVendor, hasAnyVendorRead, visibleVendorTabs } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { Unauthorized } from '../../shared/ui';

/** Which vendor tab a /vendors sub-path belongs to (the employee profile sits under Employees). */
const tabOf = (pathname: string): string => {
  const sub = pathname.replace(/^\/vendors\/?/, '').split('/')[0] ?? '';
  return sub === 'employeeProfile' ? 'employees' : sub;
};

/**
 * /vendors and its nested routes (spec 2.2): the vendor cards at the index; every other page needs a
 * vendorId the admin may enter, and shows the vendor tabs this admin may read.
 */
export function VendorLayout() {
  const location = useLocation();
  const [params] = useSearchParams();
  const vendorId = params.get('vendorId') ?? '';
  const profile = useQuery(profileQuery());
  const admin = profile.data;
  const atIndex = /^\/vendors\/?$/.test(location.pathname);

  if (!admin || !hasAnyVendorRead(admin.resources)) return <Unauthorized />;
  if (!atIndex && !vendorId) return <Navigate to="/vendors" replace />;
  if (vendorId && !canEnterVendor(admin, vendorId)) return <Unauthorized />;
  if (!vendorId) return <Outlet />;

  const current = tabOf(location.pathname);
  const query = `?vendorId=${encodeURIComponent(vendorId)}`;
  return (
    <Stack gap="lg">
      <nav aria-label="Vendor sections">
        <Group gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} wrap="wrap">
          {visibleVendorTabs(admin.resources).map((tab) => {
            const active = current === tab.key;
            return (
              <li key={tab.key}>
                <Button
                  component={Link}
                  to={`/vendors/${tab.key}${query}`}
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
      <Outlet />
    </Stack>
  );
}
