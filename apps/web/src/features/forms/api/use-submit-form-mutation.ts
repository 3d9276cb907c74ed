import { useMutation } from '@tanstack/react-query';
import type { FormSubmissionPayload, FormSubmissionResult } from '@vendaval/core/schemas/forms';
import { http } from '../../../lib/http.ts';

/** Sends a visitor's answers, without a login. */
export const useSubmitFormMutation = (publicId: string) =>
  useMutation({
    mutationFn: (payload: FormSubmissionPayload) =>
      http.post<FormSubmissionResult>(`/public/forms/${encodeURIComponent(publicId)}/submissions`, payload, {
        token: null,
      }),
  });
