import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookCreate,
  type WebhookCreateInput,
  webhookCreateSchema,
} from '@vendaval/core/schemas/webhooks';
import { Controller, useForm } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { RecordFormModal } from './record-form-modal.tsx';

type Props = {
  /** The webhook being edited, or 'new'; null closes the modal. */
  webhook: Webhook | 'new' | null;
  saving: boolean;
  /** Saves; a refusal's field errors come back through `onRefused`. */
  onSave: (input: WebhookCreate, onRefused: (error: unknown) => void) => void;
  onClose: () => void;
};

export function WebhookFormModal({ webhook, saving, onSave, onClose }: Props) {
  return (
    <RecordFormModal
      record={webhook}
      titles={{ create: 'Novo webhook', edit: 'Editar webhook' }}
      size="lg"
      onClose={onClose}
    >
      {(editing) => <WebhookForm editing={editing} saving={saving} onSave={onSave} onClose={onClose} />}
    </RecordFormModal>
  );
}

function WebhookForm({
  editing,
  saving,
  onSave,
  onClose,
}: Omit<Props, 'webhook'> & { editing: Webhook | null }) {
  const form = useForm<WebhookCreateInput, unknown, WebhookCreate>({
    resolver: zodResolver(webhookCreateSchema, { error: ptBrIssue }),
    defaultValues: {
      name: editing?.name ?? '',
      url: editing?.url ?? '',
      events: editing?.events ?? [],
      active: editing?.active ?? true,
    },
  });
  const { errors } = form.formState;
  // The server's checks (a private address, https) name the field: the message goes under it.
  const showRefusal = (error: unknown) => {
    for (const issue of error instanceof ApiError ? (error.body?.errors ?? []) : []) {
      if (issue.field && issue.field in form.getValues()) {
        form.setError(issue.field as keyof WebhookCreateInput, { message: issue.description });
      }
    }
  };

  return (
    <form onSubmit={form.handleSubmit((input) => onSave(input, showRefusal))}>
      <Stack gap="sm">
        <TextInput label="Nome" {...form.register('name')} error={errors.name?.message} data-autofocus />
        <TextInput
          label="Endereço"
          placeholder="https://exemplo.com.br/webhook"
          description="Recebe um POST em JSON, assinado no cabeçalho X-Vendaval-Signature."
          {...form.register('url')}
          error={errors.url?.message}
        />
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <Checkbox.Group
              label="Eventos"
              value={field.value}
              onChange={field.onChange}
              error={errors.events?.message}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                {WEBHOOK_EVENTS.map((event) => (
                  <Checkbox key={event} value={event} label={WEBHOOK_EVENT_LABELS[event]} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch
              label="Ativo"
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              mt="xs"
            />
          )}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
