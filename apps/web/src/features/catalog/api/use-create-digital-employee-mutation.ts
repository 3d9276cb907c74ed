import type { DigitalEmployee, DigitalEmployeeCreate } from '@vendaval/core/schemas/bots';
import { http } from '../../../lib/http.ts';
import { useDigitalEmployeeMutation } from './use-digital-employee-mutation.ts';

export const useCreateDigitalEmployeeMutation = (workspaceId: number | null) =>
  useDigitalEmployeeMutation(workspaceId, (base, input: DigitalEmployeeCreate) =>
    http.post<DigitalEmployee>(base, input),
  );
