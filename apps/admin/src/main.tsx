import 'bootstrap/dist/css/bootstrap.min.css';
import 'react-toastify/dist/ReactToastify.css';
import '@prelaunch/ui/theme.css';
import './admin.css';

import { AppToasts } from '@prelaunch/ui';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { twoFactorGate } from './features/security';
import { router } from './router';

// Any call answered "two-factor required" takes the admin to Security.
const onError = twoFactorGate(
  () => queryClient,
  (to) => router.navigate(to, { replace: true }),
  () => router.state.location.pathname,
);

// Query cache freshness 20 seconds.
const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: { staleTime: 20000, retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Admin and super admin toasts appear at top-center. */}
      <AppToasts position="top-center" />
    </QueryClientProvider>
  </StrictMode>,
);
