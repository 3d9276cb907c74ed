import { Select } from '@mantine/core';
import type { Member } from '@vendaval/core/schemas/users';
import { type FormEvent, useEffect, useState } from 'react';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useTeamQuery } from '../api/use-team-query.ts';
import { useUpdateMemberMutation } from '../api/use-update-member-mutation.ts';
import { useLastDefined } from '../hooks/use-last-defined.ts';
import { FormModal, MemberLine } from './form-modal.tsx';

type Props = { workspaceId: number; member: Member | null; onClose: () => void };

/** Who the member reports to: any other member of the workspace, or nobody. */
export function ManagerModal({ workspaceId, member, onClose }: Props) {
  const update = useUpdateMemberMutation(workspaceId);
  const team = useTeamQuery(workspaceId, member !== null);
  const shown = useLastDefined(member);
  const [managerId, setManagerId] = useState<string | null>(null);

  useEffect(() => {
    if (member) setManagerId(member.manager_id === null ? null : String(member.manager_id));
  }, [member]);

  const options = (team.data ?? [])
    .filter((m) => m.id !== shown?.id)
    .map((m) => ({ value: String(m.id), label: m.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!member) return;
    const next = managerId === null ? null : Number(managerId);
    if (next === member.manager_id) return onClose();
    update.mutate(
      { userId: member.id, patch: { manager_id: next } },
      {
        onSuccess: () => {
          showSuccessToast('Gestor alterado com sucesso!');
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title="Definir gestor"
      opened={member !== null}
      onClose={onClose}
      onSubmit={submit}
      saving={update.isPending}
    >
      <MemberLine name={shown?.name} />
      <Select
        label="Responde a"
        placeholder={team.isPending ? 'Carregando…' : 'Ninguém (topo da hierarquia)'}
        data={options}
        value={managerId}
        onChange={setManagerId}
        clearable
        searchable
        nothingFoundMessage="Nenhum usuário encontrado"
        disabled={team.isPending}
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}
