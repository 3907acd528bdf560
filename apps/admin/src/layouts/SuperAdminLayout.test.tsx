import { adminSession } from '@prelaunch/api';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import SuperAdminLayout from './SuperAdminLayout';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/superadmin',
        element: <SuperAdminLayout />,
        children: [
          { path: 'companymanage', element: <h1>Company Manage</h1> },
          { path: 'company/:id', element: <h1>Company</h1> },
          { path: 'dashboard', element: <h1>Dashboard</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  localStorage.clear();
  adminSession.start('sa');
});

describe('Super admin menu', () => {
  it('marks Company Manage on a company’s page too', () => {
    renderAt('/superadmin/company/c1');
    expect(screen.getByRole('link', { name: 'Company Manage' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveClass('active');
  });

  it('marks only the current item elsewhere', () => {
    renderAt('/superadmin/dashboard');
    expect(screen.getByRole('link', { name: 'Company Manage' })).not.toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveClass('active');
  });
});
