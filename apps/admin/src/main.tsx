import 'bootstrap/dist/css/bootstrap.min.css';
import 'react-toastify/dist/ReactToastify.css';
import '@prelaunch/ui/theme.css';
import './admin.css';

import { AppToasts } from '@prelaunch/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './router';

// SPEC §9: query cache freshness 20 seconds.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 20000, retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* SPEC §8: admin and super admin toasts appear at top-center. */}
      <AppToasts position="top-center" />
    </QueryClientProvider>
  </StrictMode>,
);
