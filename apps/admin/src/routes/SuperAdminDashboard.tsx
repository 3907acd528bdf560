import { ADMIN_FALLBACK, markDashboardVisited } from '@prelaunch/api';
import { grouped, LoadError, useDocumentMeta, useErrorToast } from '@prelaunch/ui';
import { rupees } from '../lib/money';
import { CompanyFiguresTable, StatCard, StatPlaceholder, superDashboardQueryOptions } from '../features/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Super admin dashboard: company and sales totals (no forced reload). */
export default function SuperAdminDashboard() {
  useDocumentMeta({ title: 'Super Admin | Dashboard' });
  useEffect(() => markDashboardVisited(), []);
  const q = useQuery(superDashboardQueryOptions());
  useErrorToast(q.error, ADMIN_FALLBACK.dashboard);
  const d = q.data?.data;
  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">Dashboard</h1>
      {q.isPending ? (
        <StatPlaceholder cards={3} />
      ) : q.isError ? (
        <LoadError error={q.error} fallback={ADMIN_FALLBACK.dashboard} onRetry={() => void q.refetch()} />
      ) : (
        <div className="row g-3">
          <div className="col-12 col-xl-6">
            <StatCard
              title="Platform"
              stats={[
                { label: 'Companies', value: grouped(d?.companies) },
                { label: 'Users', value: grouped(d?.users) },
                { label: 'Approved Amount (INR)', value: rupees(d?.approvedAmount) },
              ]}
            />
          </div>
          <div className="col-12 col-xl-6">
            <StatCard
              title="Purchases"
              stats={[
                { label: 'Pending', value: grouped(d?.purchases?.pending) },
                { label: 'Approved', value: grouped(d?.purchases?.approved) },
                { label: 'Rejected', value: grouped(d?.purchases?.rejected) },
              ]}
            />
          </div>
          <div className="col-12 col-xl-6">
            <StatCard title="Tokens sold" stats={[{ label: 'Approved Quantity', value: grouped(d?.approvedQuantity) }]} />
          </div>
          <div className="col-12 col-xl-6">
            <StatCard
              title="Payment details"
              stats={[
                { label: 'Cannot take bank transfers', value: grouped(d?.cannotTakeBank) },
                { label: 'Cannot take UPI', value: grouped(d?.cannotTakeUpi) },
              ]}
            />
          </div>
          <div className="col-12">
            <CompanyFiguresTable rows={d?.byCompany ?? []} total={d?.companies ?? 0} />
          </div>
        </div>
      )}
    </div>
  );
}
