import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      http.put<{ message: string }>('/auth/request-password-reset', input, { token: null }),
  });
}
