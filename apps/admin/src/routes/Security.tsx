import { ADMIN_FALLBACK } from '@prelaunch/api';
import { ListPlaceholder, LoadError, useDocumentMeta } from '@prelaunch/ui';
import { isConfined, TwoFactorCard } from '../features/security';
import { useAdminBrand } from '../features/session';

/** Admin "Security" (/admin/security): two-factor sign-in on and off. */
export default function Security() {
  const brand = useAdminBrand();
  useDocumentMeta({ title: `${brand.title} | Security` });
  const q = brand.query;
  const profile = q.data?.data;
  return (
    <div className="container-fluid py-4 pl-narrow-page">
      <h1 className="h3 pl-page-title">Security</h1>
      {isConfined(profile) ? (
        <div className="alert alert-warning" role="alert" data-testid="twofa-required">
          <strong>{profile?.company?.name || 'Your company'} requires two-factor sign-in.</strong> Turn it on below to
          continue: the rest of the admin area opens as soon as it is on.
        </div>
      ) : null}
      {q.isPending ? (
        <ListPlaceholder rows={3} />
      ) : q.isError ? (
        <LoadError error={q.error} fallback={ADMIN_FALLBACK.profile} onRetry={() => void q.refetch()} />
      ) : profile ? (
        <TwoFactorCard profile={profile} product={brand.name} />
      ) : null}
    </div>
  );
}
