import type { AxiosInstance } from 'axios';
import { call, withoutEmpty } from './call';
import type { AdminList } from './adminTypes';
import type { components, operations } from './generated/admin';

type S = components['schemas'];

/** The six outcomes of a statement's credit line. */
export type MatchStatus = S['MatchStatus'];
/** One imported statement with its counts; toApprove is what "Approve N matched" would approve now. */
export type ReconcileImport = S['ReconcileImport'];
export type ReconcileLine = S['ReconcileLine'];
export type ReconcilePurchase = S['ReconcilePurchase'];
export type ReconcileListQuery = NonNullable<operations['adminReconcileList']['parameters']['query']>;
export type ReconcileGetQuery = operations['adminReconcileGet']['parameters']['query'];
/** GET /api/v1/admin/reconcile/get: the import and one page of its lines. */
export type ReconcileDetail = S['ReconcileGetAnswer']['data'];
/** POST /api/v1/admin/reconcile/approve. */
export type ReconcileApproveResult = S['ReconcileApproveAnswer']['data'];

/** A statement is at most 20 MB. */
export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
/** The statement types the server reads. */
export const STATEMENT_EXTENSIONS = ['.csv', '.xlsx'] as const;

/** Reconciliation, company admin, served by bff-admin. */
export function reconcileCalls(client: AxiosInstance) {
  return {
    /**
     * Multipart upload, field 'file'. onProgress gets the share sent so far, 0-100, from axios'
     * upload progress events.
     */
    reconcileImport: (file: File | Blob, onProgress?: (percent: number) => void, filename?: string) => {
      const form = new FormData();
      if (filename) form.append('file', file, filename);
      else form.append('file', file);
      return call<ReconcileImport>(
        client.post('/api/v1/admin/reconcile/import', form, {
          headers: { 'Content-Type': 'multipart/form-data' },
          onUploadProgress: (e) => {
            const total = e.total || file.size;
            if (onProgress && total > 0) onProgress(Math.min(100, Math.round((e.loaded / total) * 100)));
          },
        }),
      );
    },
    reconcileList: ({ page = 1, limit = 10 }: ReconcileListQuery = {}) =>
      call<AdminList<ReconcileImport>>(client.get('/api/v1/admin/reconcile/list', { params: withoutEmpty({ page, limit }) })),
    reconcileGet: ({ id, status, page = 1, limit = 10 }: ReconcileGetQuery) =>
      call<ReconcileDetail>(client.get('/api/v1/admin/reconcile/get', { params: withoutEmpty({ id, status, page, limit }) })),
    reconcileApprove: (id: string) =>
      call<ReconcileApproveResult>(client.post('/api/v1/admin/reconcile/approve', { id })),
  };
}
