import { useState, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { MenuIcon } from '../components/Icons';

export interface NavItem {
  to: string;
  label: string;
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

  return (
    <div className="pl-admin">
      <header className="pl-admin-top d-lg-none">
        <div className="d-flex align-items-center justify-content-between px-3 py-2">
          <div className="min-w-0">{brand}</div>
          <button
            type="button"
            className="btn btn-outline-light btn-sm"
            aria-label="Menu"
            aria-expanded={open}
            aria-controls="pl-admin-nav"
            onClick={() => setOpen((o) => !o)}
          >
            <MenuIcon />
          </button>
        </div>
      </header>
      <aside className={`pl-admin-side ${open ? 'open' : ''}`}>
        <div className="d-none d-lg-block px-3 py-4">{brand}</div>
        <nav id="pl-admin-nav" aria-label="Main">
          <ul className="nav flex-column px-2 pb-3">
            {items.map((item) => (
              <li key={item.to} className="nav-item">
                <NavLink to={item.to} className="nav-link pl-admin-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <main className="pl-admin-main">
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
