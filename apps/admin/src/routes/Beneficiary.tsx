import { ADMIN_FALLBACK } from '@prelaunch/api';
import { ListPlaceholder, LoadError, useDocumentMeta, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PenIcon } from '../components/Icons';
import { BeneficiaryCards, BeneficiaryDialog, beneficiaryQueryOptions, useUpdateBeneficiary } from '../features/beneficiary';
import { profileQueryOptions, useAdminBrand } from '../features/session';

/** Admin Beneficiary (/admin/beneficiary). */
export default function Beneficiary() {
  const site = useAdminBrand();
  useDocumentMeta({ title: `${site.title} | Beneficiary Manage` });
  const [editing, setEditing] = useState(false);
  const q = useQuery(beneficiaryQueryOptions());
  useErrorToast(q.error, ADMIN_FALLBACK.beneficiary);
  const me = useQuery(profileQueryOptions()).data?.data;
  const [failure, setFailure] = useState<unknown>(null);
  const update = useUpdateBeneficiary({ onDone: () => setEditing(false), onFailed: setFailure });
  const b = q.data?.data ?? null;

  const pen = (
    <button
      type="button"
      className="btn btn-sm btn-outline-primary"
      aria-label="Edit beneficiary"
      onClick={() => {
        setFailure(null);
        setEditing(true);
      }}
    >
      <PenIcon />
    </button>
  );

  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">Beneficiary Manage</h1>
      {q.isPending ? (
        <ListPlaceholder rows={3} />
      ) : q.isError ? (
        <LoadError error={q.error} fallback={ADMIN_FALLBACK.beneficiary} onRetry={() => void q.refetch()} />
      ) : (
        <BeneficiaryCards beneficiary={b} action={pen} />
      )}
      {editing ? (
        <BeneficiaryDialog
          show
          initial={b}
          askCode={me?.twoFactorEnabled}
          pending={update.isPending}
          failure={failure}
          onClose={() => setEditing(false)}
          onSubmit={(body) => {
            setFailure(null);
            update.mutate(body);
          }}
        />
      ) : null}
    </div>
  );
}
