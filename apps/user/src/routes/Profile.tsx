import { PageLoader, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { ChangePassword, CloseAccount } from '../features/auth';
import { ProfileForm, profileQueryOptions, WalletSection } from '../features/profile';

/** Profile (/user/profile). */
export default function Profile() {
  const profile = useQuery(profileQueryOptions());
  useErrorToast(profile.error, 'Error fetching user data');
  if (profile.isLoading) return <PageLoader label="Loading profile..." />;
  if (!profile.data) {
    return <div className="pl-panel p-4">Error fetching user data</div>;
  }
  return (
    <ProfileForm
      profile={profile.data}
      aside={
        <>
          <WalletSection />
          <ChangePassword />
          <CloseAccount />
        </>
      }
    />
  );
}
