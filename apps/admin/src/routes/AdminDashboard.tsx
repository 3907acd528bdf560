import { ADMIN_FALLBACK, markDashboardVisited } from '@prelaunch/api';
import { grouped, LoadError, PageLoader, useDocumentMeta, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { adminDashboardQueryOptions, DashboardCharts, StatCard, StatPlaceholder } from '../features/dashboard';

/** Admin Dashboard. */
export default function AdminDashboard() {
  const q = useQuery(adminDashboardQueryOptions());
  useErrorToast(q.error, ADMIN_FALLBACK.dashboard);
  const d = q.data?.data;
  const token = d?.token;

  // The reload counter is still written, but no page reload is forced.
  useEffect(() => markDashboardVisited(), []);
  useDocumentMeta({
    title: token ? `${token.title || token.metaData?.title || token.name} | Login` : undefined,
    description: token?.metaData?.description,
    keywords: token?.metaData?.keywords,
    icon: token?.icon_url,
  });

  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">Dashboard</h1>
      {q.isPending ? (
        <StatPlaceholder cards={3} />
      ) : q.isError ? (
        <LoadError error={q.error} fallback={ADMIN_FALLBACK.dashboard} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <div className="row g-3 mb-4">
            <div className="col-12">
              <StatCard
                title="Waiting for review"
                stats={[
                  {
                    label: 'Pending purchases',
                    value: (
                      <Link to="/admin/purchaserequest" aria-label={`${grouped(d?.pendingPurchases)} pending purchases, review them`}>
                        {grouped(d?.pendingPurchases)}
                      </Link>
                    ),
                  },
                  { label: 'Pending KYC', value: (
                      <Link to="/admin/kyc" aria-label={`${grouped(d?.pendingKyc)} pending identity checks, review them`}>
                        {grouped(d?.pendingKyc)}
                      </Link>
                    ) },
                ]}
              />
            </div>
            <div className="col-12 col-xl-6">
              <StatCard
                title="Users"
                stats={[
                  { label: 'Active User', value: grouped(d?.userActive) },
                  { label: 'Inactive User', value: grouped(d?.userInactive) },
                  { label: 'Blocked User', value: grouped(d?.userBlock) },
                ]}
              />
            </div>
            <div className="col-12 col-xl-6">
              <StatCard
                title="Members"
                stats={[
                  { label: 'Total Member', value: grouped(d?.totalMember) },
                  { label: 'Verification Completed', value: grouped(d?.verificationCompleted) },
                  { label: 'Verification Pending', value: grouped(d?.verificationPending) },
                ]}
              />
            </div>
          </div>
          {d ? (
            <Suspense fallback={<PageLoader label="Loading charts..." />}>
              <DashboardCharts data={d} />
            </Suspense>
          ) : null}
        </>
      )}
    </div>
  );
}
