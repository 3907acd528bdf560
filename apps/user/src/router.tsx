import { PageLoader } from '@prelaunch/ui';
import { createBrowserRouter } from 'react-router';
import { RedirectIfLoggedIn } from './layouts/guards';

/**
 * Route table of SPEC §2 for the buyer app. Each screen is its own lazily loaded chunk.
 * Still to add: /register, /fogot-password (and /forgot-password, DESIGN §9), /privacy-policy
 * and the /user layout (behind RequireAuth) with dashboard, buy-token, payment-history,
 * payment and profile.
 */
export const router = createBrowserRouter([
  {
    HydrateFallback: PageLoader,
    children: [
      {
        element: <RedirectIfLoggedIn />,
        children: [{ path: '/', lazy: () => import('./routes/Login').then((m) => ({ Component: m.default })) }],
      },
      { path: '*', lazy: () => import('./routes/NotFound').then((m) => ({ Component: m.default })) },
    ],
  },
]);
