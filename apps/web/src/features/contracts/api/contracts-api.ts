import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Contract,
  ContractCreate,
  ContractSettings,
  ContractSettingsUpdate,
  SandboxPayment,
} from '@vendaval/core/schemas/contracts';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { opportunitiesKey } from '../../../lib/opportunity-keys.ts';

export const contractsKey = (workspaceId: number | null) => [workspaceId, 'contracts'] as const;

/** The card's newest enrolment in full (its payment link and PIX code), or null. */
export function useCardContractQuery(workspaceId: number | null, opportunityId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...contractsKey(workspaceId), 'card', opportunityId],
    queryFn: async ({ signal }) =>
      (
        await http.get<Page<Contract>>(`/workspaces/${workspaceId}/contracts`, {
          signal,
          query: { opportunity_id: opportunityId, limit: 1 },
        })
      ).data[0] ?? null,
    enabled: workspaceId !== null && enabled,
  });
}

export function useContractQuery(workspaceId: number | null, id: number) {
  return useQuery({
    queryKey: [...contractsKey(workspaceId), 'one', id],
    queryFn: ({ signal }) => http.get<Contract>(`/workspaces/${workspaceId}/contracts/${id}`, { signal }),
    enabled: workspaceId !== null,
  });
}

/** A write to an enrolment: the card that shows it and the enrolments read again. */
function useContractMutation<V>(
  workspaceId: number | null,
  write: (base: string, variables: V) => Promise<Contract>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(`/workspaces/${workspaceId}/contracts`, variables),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contractsKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: opportunitiesKey(workspaceId) }),
      ]),
  });
}

export const useCreateContractMutation = (workspaceId: number | null) =>
  useContractMutation(workspaceId, (base, input: ContractCreate) => http.post<Contract>(base, input));

/** The sandbox's payment page: pay or cancel the charge. */
export const useSandboxPaymentMutation = (workspaceId: number | null) =>
  useContractMutation(workspaceId, (base, { id, ...input }: SandboxPayment & { id: number }) =>
    http.post<Contract>(`${base}/${id}/sandbox-payment`, input),
  );

const contractSettingsKey = (workspaceId: number | null) => [workspaceId, 'contract-settings'] as const;

/** The workspace's enrolment settings: the Asaas secrets only as "set or not". */
export function useContractSettingsQuery(workspaceId: number | null) {
  return useQuery({
    queryKey: contractSettingsKey(workspaceId),
    queryFn: ({ signal }) =>
      http.get<ContractSettings>(`/workspaces/${workspaceId}/contract-settings`, { signal }),
    enabled: workspaceId !== null,
  });
}

/** Saves the enrolment settings; a refusal's field errors are the form's to show. */
export function useUpdateContractSettingsMutation(workspaceId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ContractSettingsUpdate) =>
      http.put<ContractSettings>(`/workspaces/${workspaceId}/contract-settings`, patch),
    onSuccess: (saved) => queryClient.setQueryData(contractSettingsKey(workspaceId), saved),
  });
}
