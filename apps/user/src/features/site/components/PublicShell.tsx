import { MAIN_ID, SkipLink } from '@prelaunch/ui';
import type { ReactNode } from 'react';
import { useSite, useSiteDocumentMeta } from '../hooks/useSite';
import { PublicHeader } from './PublicHeader';

/** Public pages (register, forgot password): header, one centred card, footer. */
export function PublicShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { token } = useSite();
  useSiteDocumentMeta();
  return (
    <div className="pl-page">
      <SkipLink />
      <PublicHeader token={token} />
      <main id={MAIN_ID} tabIndex={-1} className="pl-main container flex-grow-1 d-flex align-items-start align-items-md-center justify-content-center py-4 px-2 px-sm-3">
        <div className="card border-0 shadow-lg w-100" style={{ maxWidth: wide ? 640 : 460, borderRadius: '1.25rem' }}>
          <div className="card-body p-4 p-sm-5">{children}</div>
        </div>
      </main>
      <footer className="container pb-4 small pl-muted text-center">
        © {new Date().getFullYear()} {token.name}. All rights reserved.
      </footer>
    </div>
  );
}
