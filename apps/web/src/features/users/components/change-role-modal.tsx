import { zodResolver } from '@hookform/resolvers/zod';
import { invitationCreateSchema } from '@vendaval/core/schemas/auth';
import type { Member } from '@vendaval/core/schemas/users';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useUpdateMemberMutation } from '../api/use-update-member-mutation.ts';
import { useLastDefined } from '../hooks/use-last-defined.ts';
import { useRoleOptions } from '../hooks/use-role-options.ts';
import { FormModal, MemberLine } from './form-modal.tsx';
import { RoleSelect } from './form-select.tsx';

const roleSchema = invitationCreateSchema.pick({ role: true });

type Props = { workspaceId: number; member: Member | null; onClose: () => void };

export function ChangeRoleModal({ workspaceId, member, onClose }: Props) {
  const update = useUpdateMemberMutation(workspaceId);
  const roles = useRoleOptions(workspaceId, member !== null);
  const form = useForm({
    resolver: zodResolver(roleSchema, { error: ptBrIssue }),
    defaultValues: { role: '' },
  });
  const { errors } = form.formState;
  const shown = useLastDefined(member);

  useEffect(() => {
    if (member) form.reset({ role: member.role });
  }, [member, form]);

  const submit = form.handleSubmit(({ role }) => {
    if (!member) return;
    if (role === member.role) return onClose();
    update.mutate(
      { userId: member.id, patch: { role } },
      {
        onSuccess: () => {
          showSuccessToast('Função alterada com sucesso!');
          onClose();
        },
      },
    );
  });

  return (
    <FormModal
      title="Alterar função"
      opened={member !== null}
      onClose={onClose}
      onSubmit={submit}
      saving={update.isPending}
    >
      <MemberLine name={shown?.name} />
      <RoleSelect control={form.control} name="role" roles={roles} error={errors.role?.message} />
    </FormModal>
  );
}
