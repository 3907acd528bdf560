import { ListPlaceholder, LoadError, useDocumentMeta, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DISTRIBUTION_FALLBACK, DistributionOverview, DistributionRuns, DistributionSettingsForm, distributionQueryOptions, useUpdateDistribution } from '../features/distribution';
import { useAdminBrand } from '../features/session';

/** Distribution (/admin/distribution): chain and treasury, totals, the runs (preview, run, transfers, retry), TGE and vesting, claims downloads. */
export default function Distribution() {
  const site = useAdminBrand();
  useDocumentMeta({ title: `${site.title} | Distribution` });
  const q = useQuery(distributionQueryOptions());
  useErrorToast(q.error, DISTRIBUTION_FALLBACK.get);
  const [saveError, setSaveError] = useState<unknown>(null);
  const save = useUpdateDistribution({ onDone: () => setSaveError(null), onFailed: setSaveError });
  const d = q.data?.data;

  return (
    <div className="container-fluid py-4">
      <h1 className="h3 mb-4">Distribution</h1>
      {q.isPending ? (
        <ListPlaceholder rows={6} />
      ) : q.isError ? (
        <LoadError error={q.error} fallback={DISTRIBUTION_FALLBACK.get} onRetry={() => void q.refetch()} />
      ) : d ? (
        <>
          <DistributionOverview settings={d} />
          <div className="mb-4">
            <DistributionRuns decimals={d.chain.decimals} explorerUrl={d.chain.explorerUrl || undefined} />
          </div>
          <DistributionSettingsForm settings={d} pending={save.isPending} saveError={saveError} onSave={save.mutate} />
        </>
      ) : null}
    </div>
  );
}
