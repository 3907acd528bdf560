import type { AuditListQuery, SuperAuditListQuery } from '@prelaunch/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, superApi } from '../../../api';
import { adminRoot, superRoot } from '../../../lib/queryKeys';

export const activityKeys = {
  admin: (q: AuditListQuery) => [...adminRoot, 'activity', q] as const,
  adminActions: [...adminRoot, 'activity', 'actions'] as const,
  super: (q: SuperAuditListQuery) => [...superRoot, 'activity', q] as const,
  superActions: [...superRoot, 'activity', 'actions'] as const,
};

/** GET /api/v1/admin/audit/list: the company's activity, newest first. */
export const adminActivityQueryOptions = (q: AuditListQuery) =>
  queryOptions({ queryKey: activityKeys.admin(q), queryFn: () => api.auditList(q), placeholderData: keepPreviousData });

/** GET /api/v1/admin/audit/actions: the actions the filter offers. */
export const adminActionsQueryOptions = () =>
  queryOptions({ queryKey: activityKeys.adminActions, queryFn: () => api.auditActions(), staleTime: 5 * 60_000 });

/** GET /api/v1/superadmin/audit/list: activity across companies (or one, companyId). */
export const superActivityQueryOptions = (q: SuperAuditListQuery) =>
  queryOptions({ queryKey: activityKeys.super(q), queryFn: () => superApi.auditList(q), placeholderData: keepPreviousData });

export const superActionsQueryOptions = () =>
  queryOptions({ queryKey: activityKeys.superActions, queryFn: () => superApi.auditActions(), staleTime: 5 * 60_000 });
