import { ADMIN_FALLBACK } from '@prelaunch/api';
import { useDocumentMeta, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActivityList, activityQuery, NO_FILTERS, rangeProblem, superActionsQueryOptions, superActivityQueryOptions, useActivityPage } from '../features/activity';
import { CompanyFilter } from '../features/companies';

/** Activity (/superadmin/activity): every company's, the super admins' own included. */
export default function SuperActivity() {
  useDocumentMeta({ title: 'Super Admin | Activity' });
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useActivityPage(filters);
  const q = { ...activityQuery(filters, page), companyId: filters.companyId || undefined };
  const list = useQuery({ ...superActivityQueryOptions(q), enabled: !rangeProblem(filters.from, filters.to) });
  const actions = useQuery(superActionsQueryOptions());
  useErrorToast(actions.error, ADMIN_FALLBACK.auditActions);
  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">Activity</h1>
      <ActivityList
        filters={filters}
        onFilters={setFilters}
        page={page}
        onPage={setPage}
        list={list}
        actions={actions.data?.data.actions ?? []}
        companyFilter={<CompanyFilter value={filters.companyId} onChange={(companyId) => setFilters({ ...filters, companyId })} />}
      />
    </div>
  );
}
