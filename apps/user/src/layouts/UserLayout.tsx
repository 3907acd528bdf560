import { userSession } from '@prelaunch/api';
import { MAIN_ID, PageLoader, SkipLink } from '@prelaunch/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import '../user.css';
import { Icon, type IconName } from '../components/Icon';
import { profileQueryOptions } from '../features/profile';
import { SaleSuspendedAlert, useSite } from '../features/site';

const MENU: { to: string; label: string; icon: IconName }[] = [
  { to: '/user/dashboard', label: 'Dashboard', icon: 'dashboard' },
  { to: '/user/buy-token', label: 'Buy Token', icon: 'buy' },
  { to: '/user/payment-history', label: 'Payment History', icon: 'history' },
  { to: '/user/statements', label: 'Statements', icon: 'statement' },
  { to: '/user/profile', label: 'Profile', icon: 'profile' },
  { to: '/user/kyc', label: 'Verification', icon: 'verified' },
];

function Avatar({ url, name, size }: { url?: string | null; name?: string; size: number }) {
  if (url) return <img src={url} alt="" width={size} height={size} className="pl-avatar" />;
  const initial = (name || '?').trim().charAt(0).toUpperCase() || '?';
  return (
    <span className="pl-avatar pl-avatar-initial" style={{ width: size, height: size, fontSize: size / 2.4 }} aria-hidden="true">
      {initial}
    </span>
  );
}

/** User layout: collapsible sidebar, mobile header, profile image, name, referral code as ID, Logout. */
export default function UserLayout() {
  const { token } = useSite();
  const profile = useQuery(profileQueryOptions());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);

  // A failed profile fetch is only logged; the user is not logged out.
  useEffect(() => {
    if (profile.isError) console.error('Failed to retrieve user profile', profile.error);
  }, [profile.isError, profile.error]);

  // The phone menu traps focus while open and closes on Escape, giving focus back to its button.
  const drawerRef = useRef<HTMLElement>(null);
  const openBtnRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!mobileOpen) return;
    const drawer = drawerRef.current;
    const focusables = () =>
      Array.from(drawer?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []).filter((el) => el.offsetParent !== null);
    focusables()[0]?.focus();
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        e.preventDefault();
        setMobileOpen(false);
        openBtnRef.current?.focus();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === first || !drawer?.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !drawer?.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  // The drawer closes on navigation.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMobileOpen(false);
  }

  function logout() {
    userSession.end();
    queryClient.clear();
    navigate('/', { replace: true });
  }

  const p = profile.data;
  const nav = (
    <nav className="pl-nav" aria-label="Main">
      {MENU.map((m) => (
        <NavLink key={m.to} to={m.to} className="pl-nav-link" title={collapsed ? m.label : undefined}>
          <Icon name={m.icon} />
          <span className="pl-nav-text">{m.label}</span>
        </NavLink>
      ))}
      <button type="button" className="pl-nav-link pl-nav-logout" onClick={logout} title={collapsed ? 'Logout' : undefined}>
        <Icon name="logout" />
        <span className="pl-nav-text">Logout</span>
      </button>
    </nav>
  );

  const who = (
    <div className="pl-who">
      <Avatar url={p?.profileImage?.url} name={p?.name} size={collapsed ? 40 : 64} />
      <div className="pl-who-text">
        <div className="fw-semibold text-truncate" data-testid="layout-name">
          {p?.name ?? (profile.isLoading ? 'Loading...' : '')}
        </div>
        <div className="small opacity-75 text-truncate" data-testid="layout-id">
          ID: {p?.referralCode ?? '—'}
        </div>
      </div>
    </div>
  );

  return (
    <div className={`pl-user ${collapsed ? 'pl-user-collapsed' : ''}`}>
      <SkipLink />
      <header className="pl-mobile-header d-lg-none">
        <button
          type="button"
          className="btn btn-link text-white p-1"
          aria-label="Open menu"
          aria-expanded={mobileOpen}
          aria-controls="pl-drawer"
          ref={openBtnRef}
          onClick={() => setMobileOpen(true)}
        >
          <Icon name="menu" size={26} />
        </button>
        <span className="d-flex align-items-center gap-2 fw-bold text-white min-w-0">
          <img src={token.icon_url} alt="" width={28} height={28} className="rounded-circle" />
          <span className="text-truncate">{token.name}</span>
        </span>
        <Avatar url={p?.profileImage?.url} name={p?.name} size={32} />
      </header>

      {mobileOpen ? <div className="pl-drawer-backdrop d-lg-none" onClick={() => setMobileOpen(false)} /> : null}
      <aside
        id="pl-drawer"
        ref={drawerRef}
        className={`pl-sidebar ${mobileOpen ? 'pl-sidebar-open' : ''}`}
        aria-label="Sidebar"
        {...(mobileOpen ? { role: 'dialog', 'aria-modal': true } : {})}
      >
        <div className="pl-brand">
          <img src={token.icon_url} alt="" width={34} height={34} className="rounded-circle flex-shrink-0" />
          <span className="pl-nav-text fw-bold text-truncate">{token.name}</span>
          <button
            type="button"
            className="btn btn-link text-white ms-auto p-1 d-none d-lg-inline-flex pl-collapse-btn"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((c) => !c)}
          >
            <Icon name="chevron" className={collapsed ? 'pl-rot' : ''} />
          </button>
          <button
            type="button"
            className="btn-close btn-close-white ms-auto d-lg-none"
            aria-label="Close menu"
            onClick={() => {
              setMobileOpen(false);
              openBtnRef.current?.focus();
            }}
          />
        </div>
        {who}
        {nav}
      </aside>

      <main className="pl-content pl-main" id={MAIN_ID} tabIndex={-1}>
        <SaleSuspendedAlert inline />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
