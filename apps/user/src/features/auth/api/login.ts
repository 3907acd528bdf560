import { FALLBACK, userSession, type UserLoginRequest } from '@prelaunch/api';
import { reportError, toastSuccess } from '@prelaunch/ui';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/**
 * A successful login stores the token and goes to /user/dashboard. The typed client (and
 * axios with it) loads on submit, keeping it out of the first load of / (the JS budget); so this
 * module imports nothing that imports axios.
 */
export function useLogin() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (vars: UserLoginRequest) => (await import('../../../api')).api.login(vars),
    onSuccess: (res) => {
      userSession.start(res.data.token);
      toastSuccess(res.message);
      navigate('/user/dashboard', { replace: true });
    },
    onError: (err) => reportError(err, FALLBACK.login),
  });
}
