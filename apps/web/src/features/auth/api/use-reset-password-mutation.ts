import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export type ResetPasswordInput = { token: string; password: string; password_confirmation: string };

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      http.put<{ message: string }>('/auth/reset-password', input, { token: null }),
  });
}
