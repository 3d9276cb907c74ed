import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import {
  OPERATIONAL_STATUS_LABELS,
  OPERATIONAL_STATUSES,
  type OperationalStatus,
} from '@vendaval/core/constants';
import { type Member, memberUpdateSchema } from '@vendaval/core/schemas/users';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useUpdateMemberMutation } from '../api/use-update-member-mutation.ts';
import { useLastDefined } from '../hooks/use-last-defined.ts';
import { FormModal, MemberLine } from './form-modal.tsx';
import { FormSelect } from './form-select.tsx';

const statusSchema = memberUpdateSchema.pick({ operational_status: true }).required();
const STATUS_OPTIONS = OPERATIONAL_STATUSES.map((status) => ({
  value: status,
  label: OPERATIONAL_STATUS_LABELS[status],
}));

type Props = { workspaceId: number; member: Member | null; isSelf: boolean; onClose: () => void };

export function OperationalStatusModal({ workspaceId, member, isSelf, onClose }: Props) {
  const update = useUpdateMemberMutation(workspaceId);
  const form = useForm({ resolver: zodResolver(statusSchema, { error: ptBrIssue }) });
  const { errors } = form.formState;
  const shown = useLastDefined(member);

  useEffect(() => {
    if (member) form.reset({ operational_status: member.operational_status as OperationalStatus });
  }, [member, form]);

  const submit = form.handleSubmit(({ operational_status }) => {
    if (!member) return;
    if (operational_status === member.operational_status) return onClose();
    update.mutate(
      { userId: member.id, patch: { operational_status } },
      {
        onSuccess: () => {
          showSuccessToast('Status operacional atualizado com sucesso!');
          onClose();
        },
      },
    );
  });

  return (
    <FormModal
      title="Status operacional"
      opened={member !== null}
      onClose={onClose}
      onSubmit={submit}
      saving={update.isPending}
    >
      {isSelf ? (
        <Text size="sm">Informe sua situação atual no workspace.</Text>
      ) : (
        <MemberLine name={shown?.name} />
      )}
      <FormSelect
        control={form.control}
        name="operational_status"
        label="Status operacional"
        data={STATUS_OPTIONS}
        error={errors.operational_status?.message}
      />
    </FormModal>
  );
}
