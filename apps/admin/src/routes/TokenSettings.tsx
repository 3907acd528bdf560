import { ADMIN_FALLBACK } from '@prelaunch/api';
import { ListPlaceholder, LoadError, SaleStatusBadge, useDocumentMeta, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { tokenQueryOptions, TokenSettingsForm, useUpdateToken } from '../features/token';
import { useAdminBrand } from '../features/session';

/** Token Settings (/admin/token): price and fees, supply, sale window and limits, rounds, branding. */
export default function TokenSettings() {
  const site = useAdminBrand();
  useDocumentMeta({ title: `${site.title} | Token Settings` });
  const q = useQuery(tokenQueryOptions());
  useErrorToast(q.error, ADMIN_FALLBACK.token);
  const [saveError, setSaveError] = useState<unknown>(null);
  const save = useUpdateToken({ onDone: () => setSaveError(null), onFailed: setSaveError });
  const t = q.data?.data;

  return (
    <div className="container-fluid py-4">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-4">
        <h1 className="h3 mb-0 me-2">Token Settings</h1>
        {t ? (
          <>
            <span className="badge text-bg-dark">{t.symbol}</span>
            <SaleStatusBadge status={t.sale.status} />
          </>
        ) : null}
      </div>
      {q.isPending ? (
        <ListPlaceholder rows={6} />
      ) : q.isError ? (
        <LoadError error={q.error} fallback={ADMIN_FALLBACK.token} onRetry={() => void q.refetch()} />
      ) : t ? (
        <TokenSettingsForm settings={t} pending={save.isPending} saveError={saveError} onSave={save.mutate} />
      ) : null}
    </div>
  );
}
