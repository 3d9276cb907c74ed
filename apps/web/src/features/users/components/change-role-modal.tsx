import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { invitationCreateSchema } from '@vendaval/core/schemas/auth';
import type { Member } from '@vendaval/core/schemas/users';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useUpdateMemberMutation } from '../api/use-update-member-mutation.ts';
import { useLastDefined } from '../hooks/use-last-defined.ts';
import { useRoleOptions } from '../hooks/use-role-options.ts';

const roleSchema = invitationCreateSchema.pick({ role: true });

type Props = { workspaceId: number; member: Member | null; onClose: () => void };

export function ChangeRoleModal({ workspaceId, member, onClose }: Props) {
  const update = useUpdateMemberMutation(workspaceId);
  const { options, loading } = useRoleOptions(workspaceId, member !== null);
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
    <Modal opened={member !== null} onClose={onClose} title="Alterar função" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Usuário:{' '}
            <Text span fw={600}>
              {shown?.name}
            </Text>
          </Text>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label="Função"
                placeholder={loading ? 'Carregando…' : 'Selecione a função'}
                data={options}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={loading}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={errors.role?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={update.isPending}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
