import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Step 1 (extended §7): POST /forgetpassword/{email} sends the code; 404 means no such e-mail. */
export function requestPasswordReset(email: string) {
  return api.post<unknown>(`/forgetpassword/${encodeURIComponent(email)}`);
}

/** Step 2: POST /resetpasswords/{email}/{token} with the new password in the JSON body. */
export function resetPassword({ email, token, newPassword }: { email: string; token: string; newPassword: string }) {
  return api.post<unknown>(`/resetpasswords/${encodeURIComponent(email)}/${encodeURIComponent(token)}`, {
    newPassword,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
