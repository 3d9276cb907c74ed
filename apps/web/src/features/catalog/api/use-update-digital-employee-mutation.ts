import type { DigitalEmployee, DigitalEmployeeUpdate } from '@vendaval/core/schemas/bots';
import { http } from '../../../lib/http.ts';
import { useDigitalEmployeeMutation } from './use-digital-employee-mutation.ts';

export const useUpdateDigitalEmployeeMutation = (workspaceId: number | null) =>
  useDigitalEmployeeMutation(workspaceId, (base, { id, ...patch }: DigitalEmployeeUpdate & { id: number }) =>
    http.put<DigitalEmployee>(`${base}/${id}`, patch),
  );
