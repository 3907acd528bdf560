import { PageLoader } from '@prelaunch/ui';
import { createBrowserRouter, Navigate } from 'react-router';
import { RedirectIfLoggedIn, RequireAuth } from './layouts/guards';
import Login from './routes/Login';

type Loader = () => Promise<{ default: React.ComponentType }>;
const lazy = (load: Loader) => () => load().then((m) => ({ Component: m.default }));

/**
 * Route table for the buyer app. Each screen is its own lazily loaded chunk, except the
 * login page: it is the landing page, and loading it with the entry script saves a round trip
 * before the first paint (Lighthouse LCP ~2.5 s → ~2.0 s; docs/performance.md).
 */
export const router = createBrowserRouter([
  {
    HydrateFallback: PageLoader,
    children: [
      {
        element: <RedirectIfLoggedIn />,
        children: [
          { path: '/', Component: Login },
          { path: '/register', lazy: lazy(() => import('./routes/Register')) },
        ],
      },
      { path: '/fogot-password', lazy: lazy(() => import('./routes/ForgotPassword')) },
      // The correctly spelled path also works and goes to the spec's route.
      { path: '/forgot-password', element: <Navigate to="/fogot-password" replace /> },
      { path: '/privacy-policy', lazy: lazy(() => import('./routes/PrivacyPolicy')) },
      {
        path: '/user',
        element: <RequireAuth />,
        children: [
          {
            lazy: lazy(() => import('./layouts/UserLayout')),
            children: [
              { index: true, element: <Navigate to="/user/dashboard" replace /> },
              { path: 'dashboard', lazy: lazy(() => import('./routes/Dashboard')) },
              { path: 'buy-token', lazy: lazy(() => import('./routes/BuyToken')) },
              { path: 'payment', lazy: lazy(() => import('./routes/Payment')) },
              { path: 'payment-history', lazy: lazy(() => import('./routes/PaymentHistory')) },
              { path: 'statements', lazy: lazy(() => import('./routes/Statements')) },
              { path: 'profile', lazy: lazy(() => import('./routes/Profile')) },
              { path: 'kyc', lazy: lazy(() => import('./routes/Kyc')) },
            ],
          },
        ],
      },
      { path: '*', lazy: lazy(() => import('./routes/NotFound')) },
    ],
  },
]);
