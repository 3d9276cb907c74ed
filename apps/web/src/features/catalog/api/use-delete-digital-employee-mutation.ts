import { http } from '../../../lib/http.ts';
import { useDigitalEmployeeMutation } from './use-digital-employee-mutation.ts';

/** Answers whether the bot was deleted or, having rooms, deactivated; the message says which. */
export const useDeleteDigitalEmployeeMutation = (workspaceId: number | null) =>
  useDigitalEmployeeMutation(workspaceId, (base, id: number) =>
    http.delete<{ message: string; deactivated: boolean }>(`${base}/${id}`),
  );
