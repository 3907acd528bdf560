import { FALLBACK, type ProfileUpdateRequest } from '@prelaunch/api';
import { reportError, toastSuccess } from '@prelaunch/ui';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api';

export const profileKeys = { all: ['profile'] as const };

/** GET /api/v1/user/auth/profile/get: the layout's name and ID, the dashboard's stakes, the profile form. */
export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.all, queryFn: async () => (await api.profileGet()).data });

/** Profile update; the profile is fetched again afterwards. */
export function useUpdateProfile(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => api.profileUpdate(body),
    onSuccess: () => {
      toastSuccess('Profile updated successfully');
      onSaved();
      queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: (err) => reportError(err, FALLBACK.updateProfile),
  });
}
