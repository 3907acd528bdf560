import { BrandBanner } from '@prelaunch/ui';
import type { ReactNode } from 'react';
import { useSite } from '../features/site';

/**
 * The admin and super admin sign-in pages: the banner of the host's company (the platform's on the
 * super admin's, `platform`, and on a host of no company) above one centred card.
 */
export function AuthLayout({ children, platform = false }: { children: ReactNode; platform?: boolean }) {
  const site = useSite({ platform });
  return (
    <div className="pl-page">
      <main className="container flex-grow-1 d-flex align-items-center justify-content-center py-4 py-sm-5">
        <div className="w-100" style={{ maxWidth: 460 }}>
          <BrandBanner name={site.name} icon={site.icon} />
          {children}
        </div>
      </main>
    </div>
  );
}
