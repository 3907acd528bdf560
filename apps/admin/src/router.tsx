import { PageLoader } from '@prelaunch/ui';
import { createBrowserRouter, Navigate } from 'react-router';

/**
 * Route table of SPEC §2 for the admin app. Each screen is its own lazily loaded chunk.
 * Still to add: /admin/logout, the /admin layout (dashboard, usermanage, purchaserequest,
 * beneficiary) and the super admin routes (/superadmin/login, /superadmin/logout, dashboard,
 * companymanage).
 */
export const router = createBrowserRouter([
  {
    HydrateFallback: PageLoader,
    children: [
      { path: '/', element: <Navigate to="/admin/login" replace /> },
      { path: '/admin/login', lazy: () => import('./routes/AdminLogin').then((m) => ({ Component: m.default })) },
      { path: '*', lazy: () => import('./routes/NotFound').then((m) => ({ Component: m.default })) },
    ],
  },
]);
