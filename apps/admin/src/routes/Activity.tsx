import { ADMIN_FALLBACK } from '@prelaunch/api';
import { useDocumentMeta, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActivityList, activityQuery, adminActionsQueryOptions, adminActivityQueryOptions, NO_FILTERS, rangeProblem, useActivityPage } from '../features/activity';
import { useAdminBrand } from '../features/session';

/** Activity (/admin/activity): what the company's admins did. */
export default function Activity() {
  const brand = useAdminBrand();
  useDocumentMeta({ title: `${brand.title} | Activity` });
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useActivityPage(filters);
  const list = useQuery({ ...adminActivityQueryOptions(activityQuery(filters, page)), enabled: !rangeProblem(filters.from, filters.to) });
  const actions = useQuery(adminActionsQueryOptions());
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
      />
    </div>
  );
}
