import { PageLoader } from '@prelaunch/ui';
import { createBrowserRouter, Navigate } from 'react-router';
import AdminLogin from './routes/AdminLogin';

type Mod = { default: React.ComponentType };
const page = (load: () => Promise<Mod>) => () => load().then((m) => ({ Component: m.default }));

/**
 * Route table for the admin app. Each screen is its own lazily loaded chunk, so the
 * chart libraries load only with /admin/dashboard — except the admin login, which comes with the
 * entry script: it is where every admin lands, and it saves a round trip before the first paint
 * (Lighthouse LCP ~2.6 s → ~2.0 s; docs/performance.md).
 */
export const router = createBrowserRouter([
  {
    HydrateFallback: PageLoader,
    children: [
      { path: '/', element: <Navigate to="/admin/login" replace /> },
      { path: '/admin/login', Component: AdminLogin },
      { path: '/admin/logout', lazy: page(() => import('./routes/AdminLogout')) },
      {
        path: '/admin',
        lazy: page(() => import('./layouts/AdminLayout')),
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          { path: 'dashboard', lazy: page(() => import('./routes/AdminDashboard')) },
          { path: 'usermanage', lazy: page(() => import('./routes/UserManage')) },
          { path: 'purchaserequest', lazy: page(() => import('./routes/PurchaseRequest')) },
          { path: 'kyc', lazy: page(() => import('./routes/Kyc')) },
          { path: 'reconcile', lazy: page(() => import('./routes/Reconcile')) },
          { path: 'invoices', lazy: page(() => import('./routes/Invoices')) },
          { path: 'beneficiary', lazy: page(() => import('./routes/Beneficiary')) },
          { path: 'token', lazy: page(() => import('./routes/TokenSettings')) },
          { path: 'distribution', lazy: page(() => import('./routes/Distribution')) },
          { path: 'activity', lazy: page(() => import('./routes/Activity')) },
          { path: 'security', lazy: page(() => import('./routes/Security')) },
        ],
      },
      { path: '/superadmin/login', lazy: page(() => import('./routes/SuperAdminLogin')) },
      { path: '/superadmin/logout', lazy: page(() => import('./routes/SuperAdminLogout')) },
      {
        path: '/superadmin',
        lazy: page(() => import('./layouts/SuperAdminLayout')),
        children: [
          { index: true, element: <Navigate to="/superadmin/dashboard" replace /> },
          { path: 'dashboard', lazy: page(() => import('./routes/SuperAdminDashboard')) },
          { path: 'companymanage', lazy: page(() => import('./routes/CompanyManage')) },
          { path: 'company/:id', lazy: page(() => import('./routes/CompanyDetail')) },
          { path: 'transactionmanage', lazy: page(() => import('./routes/TransactionManage')) },
          { path: 'beneficiarymanage', lazy: page(() => import('./routes/BeneficiaryManage')) },
          { path: 'activity', lazy: page(() => import('./routes/SuperActivity')) },
        ],
      },
      { path: '*', lazy: page(() => import('./routes/NotFound')) },
    ],
  },
]);
