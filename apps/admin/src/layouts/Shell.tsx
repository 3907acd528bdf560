import { MAIN_ID, SkipLink, useMediaQuery } from '@prelaunch/ui';
import { useState, type ReactNode } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { NavLink, Outlet, useLocation } from 'react-router';
import { MenuIcon } from '../components/Icons';

export interface NavItem {
  to: string;
  label: string;
  /** Other paths under which the item is the current one (a list's detail pages). */
  also?: string;
  /** How many wait for the admin there (pending purchases, KYC): a badge beside the label. */
  badge?: number;
}

/** Sidebar layout shared by the admin and super admin areas; a collapsible menu on small screens. */
export function Shell({ brand, items }: { brand: ReactNode; items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  // Below 992 px the menu is an offcanvas: it traps focus, closes on Escape and returns focus.
  const narrow = useMediaQuery('(max-width: 991.98px)');
  const nav = (
    <nav id="pl-admin-nav" aria-label="Main">
      <ul className="nav flex-column px-2 pb-3">
        {items.map((item) => {
          const under = item.also !== undefined && location.pathname.startsWith(item.also);
          return (
            <li key={item.to} className="nav-item">
              <NavLink
                to={item.to}
                className={({ isActive }) => `nav-link pl-admin-link${isActive || under ? ' active' : ''}`}
                onClick={() => setOpen(false)}
              >
                {item.label}
                {item.badge ? ' ' : null}
                {item.badge ? (
                  <span className="badge rounded-pill text-bg-warning ms-2">
                    {item.badge > 999 ? '999+' : item.badge}
                    <span className="visually-hidden"> pending</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );

  return (
    <div className="pl-admin">
      <SkipLink />
      {narrow ? (
        <>
          <header className="pl-admin-top">
            <div className="d-flex align-items-center justify-content-between px-3 py-2">
              <div className="min-w-0">{brand}</div>
              <button
                type="button"
                className="btn btn-outline-light btn-sm"
                aria-label="Menu"
                aria-expanded={open}
                aria-controls="pl-admin-menu"
                onClick={() => setOpen(true)}
              >
                <MenuIcon />
              </button>
            </div>
          </header>
          <Offcanvas
            show={open}
            onHide={() => setOpen(false)}
            placement="start"
            id="pl-admin-menu"
            className="pl-admin-offcanvas"
            aria-labelledby="pl-admin-menu-title"
          >
            <Offcanvas.Header closeButton closeVariant="white" closeLabel="Close menu">
              <Offcanvas.Title id="pl-admin-menu-title" as="h2" className="h6 mb-0">
                Menu
              </Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="p-0">
              <div className="px-3 pb-3">{brand}</div>
              {nav}
            </Offcanvas.Body>
          </Offcanvas>
        </>
      ) : (
        <aside className="pl-admin-side">
          <div className="px-3 py-4">{brand}</div>
          {nav}
        </aside>
      )}
      <main className="pl-admin-main pl-main" id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

export function Brand({ name, icon, sub }: { name: string; icon?: string; sub?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 text-white min-w-0">
      {icon ? <img src={icon} alt="" width={32} height={32} className="rounded-circle flex-shrink-0 bg-white" /> : null}
      <div className="min-w-0">
        <div className="fw-bold text-truncate">{name}</div>
        {sub ? <div className="pl-eyebrow text-truncate">{sub}</div> : null}
      </div>
    </div>
  );
}
