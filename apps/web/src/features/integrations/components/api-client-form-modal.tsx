import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { API_ROLE_DESCRIPTIONS, API_ROLES, ROLE_LABELS } from '@vendaval/core/roles';
import { type ApiClientCreate, apiClientCreateSchema } from '@vendaval/core/schemas/api-clients';
import { Controller, useForm } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';

type Props = {
  opened: boolean;
  saving: boolean;
  onSave: (input: ApiClientCreate) => void;
  onClose: () => void;
};

/** A new integration: its name and the one API role it acts with. */
export function ApiClientFormModal({ opened, saving, onSave, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Nova integração" centered size="lg">
      {opened && <ApiClientForm saving={saving} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}

function ApiClientForm({ saving, onSave, onClose }: Omit<Props, 'opened'>) {
  const form = useForm<ApiClientCreate>({
    resolver: zodResolver(apiClientCreateSchema, { error: ptBrIssue }),
    defaultValues: { name: '', role: 'opportunityApi' },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onSave)}>
      <Stack gap="sm">
        <TextInput
          label="Nome"
          placeholder="Landing page de matrículas"
          {...form.register('name')}
          error={errors.name?.message}
          data-autofocus
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Radio.Group
              label="Papel de API"
              value={field.value}
              onChange={field.onChange}
              error={errors.role?.message}
            >
              <Stack gap="xs" mt="xs">
                {API_ROLES.map((role) => (
                  <Radio
                    key={role}
                    value={role}
                    label={ROLE_LABELS[role]}
                    description={API_ROLE_DESCRIPTIONS[role]}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Text size="xs" c="dimmed">
          A integração pertence a este workspace e só faz o que o papel permite.
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Criar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
