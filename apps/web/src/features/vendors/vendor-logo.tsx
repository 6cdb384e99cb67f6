import { useState } from 'react';
import { Avatar } from '@mantine/core';
import { usableLogoUrl, vendorInitials } from '@portal/domain';

/** The vendor's logo, or its initials when there is no usable URL or the image fails to load. */
export function VendorLogo({ name, logoUrl, size = 48 }: { name: string; logoUrl: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? null : usableLogoUrl(logoUrl);
  return (
    <Avatar
      size={size}
      radius="md"
      color="blue"
      variant="light"
      src={src}
      alt={src ? `${name} logo` : undefined}
      imageProps={{ onError: () => setFailed(true), referrerPolicy: 'no-referrer', loading: 'lazy' }}
      aria-hidden={src ? undefined : true}
      data-testid="vendor-logo"
    >
      {vendorInitials(name)}
    </Avatar>
  );
}
