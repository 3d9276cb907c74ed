import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MESSAGES } from '@vendaval/core/messages';
import type {
  BotChannel,
  DigitalEmployee,
  DigitalEmployeeCreate,
  DigitalEmployeeUpdate,
} from '@vendaval/core/schemas/bots';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/http.ts';
import { WebhookUrl } from './digital-employee-webhook-url.tsx';
import { RecordFormModal } from './record-form-modal.tsx';

export const CHANNEL_LABELS: Record<BotChannel, string> = {
  sandbox: 'Simulador (sem conta externa)',
  whatsapp_cloud: 'WhatsApp Business (API oficial)',
};

const SECRETS = [
  { key: 'access_token', has: 'has_access_token', label: 'Token de acesso' },
  { key: 'app_secret', has: 'has_app_secret', label: 'Chave secreta do app (App Secret)' },
  { key: 'verify_token', has: 'has_verify_token', label: 'Token de verificação do webhook' },
] as const;
type Secret = (typeof SECRETS)[number]['key'];

type Values = {
  name: string;
  channel: BotChannel;
  active: boolean;
  keep_bot_on_dialog: boolean;
  greeting: string;
  keyword_replies: { keyword: string; reply: string }[];
  phone_number_id: string;
  business_account_id: string;
} & Record<Secret, string>;

export type DigitalEmployeeSave =
  | { kind: 'create'; input: DigitalEmployeeCreate }
  | { kind: 'update'; id: number; input: DigitalEmployeeUpdate };

type Props = {
  /** The bot being edited, or 'new'; null closes the modal. */
  employee: DigitalEmployee | 'new' | null;
  saving: boolean;
  onSave: (save: DigitalEmployeeSave, onRefused: (error: unknown) => void) => void;
  onClose: () => void;
};

export function DigitalEmployeeFormModal({ employee, saving, onSave, onClose }: Props) {
  return (
    <RecordFormModal
      record={employee}
      titles={{ create: 'Novo funcionário digital', edit: 'Editar funcionário digital' }}
      size="lg"
      onClose={onClose}
    >
      {(editing) => (
        <DigitalEmployeeForm editing={editing} saving={saving} onSave={onSave} onClose={onClose} />
      )}
    </RecordFormModal>
  );
}

function defaults(editing: DigitalEmployee | null): Values {
  return {
    name: editing?.name ?? '',
    channel: editing?.channel ?? 'sandbox',
    active: editing?.active ?? true,
    keep_bot_on_dialog: editing?.keep_bot_on_dialog ?? false,
    greeting: editing?.greeting ?? '',
    keyword_replies: editing?.keyword_replies ?? [],
    phone_number_id: editing?.whatsapp?.phone_number_id ?? '',
    business_account_id: editing?.whatsapp?.business_account_id ?? '',
    access_token: '',
    app_secret: '',
    verify_token: '',
  };
}

/** A secret typed in is sent; one marked for removal is sent empty (cleared); otherwise it is left out (kept). */
function whatsappInput(values: Values, cleared: Set<Secret>) {
  const secrets: Partial<Record<Secret, string>> = {};
  for (const { key } of SECRETS) {
    if (values[key].trim()) secrets[key] = values[key].trim();
    else if (cleared.has(key)) secrets[key] = '';
  }
  return {
    phone_number_id: values.phone_number_id.trim(),
    business_account_id: values.business_account_id.trim(),
    ...secrets,
  };
}

function DigitalEmployeeForm({
  editing,
  saving,
  onSave,
  onClose,
}: Omit<Props, 'employee'> & { editing: DigitalEmployee | null }) {
  const form = useForm<Values>({ defaultValues: defaults(editing) });
  const replies = useFieldArray({ control: form.control, name: 'keyword_replies' });
  const [cleared, setCleared] = useState<Set<Secret>>(new Set());
  const channel = form.watch('channel');
  const { errors } = form.formState;
  const cloud = channel === 'whatsapp_cloud';

  // The server names fields like 'whatsapp.phone_number_id': the message goes under that input.
  const showRefusal = (error: unknown) => {
    for (const issue of error instanceof ApiError ? (error.body?.errors ?? []) : []) {
      const field = (issue.field ?? '').replace(/^whatsapp\./, '');
      if (field in form.getValues()) form.setError(field as keyof Values, { message: issue.description });
    }
  };

  const submit = form.handleSubmit((values) => {
    const common = {
      name: values.name.trim(),
      active: values.active,
      keep_bot_on_dialog: values.keep_bot_on_dialog,
      greeting: values.greeting.trim() || null,
      keyword_replies: values.keyword_replies
        .map((r) => ({ keyword: r.keyword.trim(), reply: r.reply.trim() }))
        .filter((r) => r.keyword && r.reply),
      ...(cloud ? { whatsapp: whatsappInput(values, cleared) } : {}),
    };
    if (editing) onSave({ kind: 'update', id: editing.id, input: common }, showRefusal);
    else onSave({ kind: 'create', input: { ...common, channel: values.channel } }, showRefusal);
  });

  const secretRule = (key: Secret) => ({
    validate: (value: string) => {
      if (!cloud || key !== 'access_token' || value.trim()) return true;
      const kept = editing?.whatsapp?.has_access_token && !cleared.has(key);
      return kept ? true : MESSAGES.digitalEmployeeAccessTokenRequired;
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Nome"
          withAsterisk
          {...form.register('name', {
            validate: (v) => Boolean(v.trim()) || MESSAGES.digitalEmployeeNameRequired,
          })}
          error={errors.name?.message}
          data-autofocus
        />
        <Controller
          control={form.control}
          name="channel"
          render={({ field }) => (
            <Select
              label="Canal"
              data={Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label }))}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
              disabled={editing !== null}
              description={editing ? 'O canal não muda depois de criado.' : undefined}
            />
          )}
        />
        <Group gap="lg">
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                label="Ativo"
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="keep_bot_on_dialog"
            render={({ field }) => (
              <Switch
                label="Manter Bot na conversa"
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
        </Group>
        <Textarea
          label="Saudação"
          description="Enviada quando um contato novo escreve pela primeira vez."
          autosize
          minRows={2}
          {...form.register('greeting')}
        />

        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Respostas automáticas
          </Text>
          {replies.fields.map((item, index) => (
            <Group key={item.id} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label="Palavra-chave"
                placeholder="Palavra-chave"
                w={140}
                {...form.register(`keyword_replies.${index}.keyword`)}
              />
              <TextInput
                aria-label="Resposta"
                placeholder="Resposta"
                style={{ flex: 1 }}
                {...form.register(`keyword_replies.${index}.reply`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Remover resposta"
                onClick={() => replies.remove(index)}
                mt={4}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => replies.append({ keyword: '', reply: '' })}
            style={{ alignSelf: 'flex-start' }}
          >
            Adicionar resposta
          </Button>
        </Stack>

        {cloud && (
          <>
            <Divider label="Conta do WhatsApp Business" labelPosition="left" />
            <TextInput
              label="ID do número de telefone"
              withAsterisk
              {...form.register('phone_number_id', {
                validate: (v) => !cloud || Boolean(v.trim()) || MESSAGES.digitalEmployeePhoneNumberIdRequired,
              })}
              error={errors.phone_number_id?.message}
            />
            <TextInput
              label="ID da conta do WhatsApp Business"
              description="Necessário para sincronizar os templates."
              {...form.register('business_account_id')}
            />
            {SECRETS.map(({ key, has, label }) => {
              const stored = Boolean(editing?.whatsapp?.[has]) && !cleared.has(key);
              return (
                <PasswordInput
                  key={key}
                  label={
                    <>
                      {label}
                      {stored && (
                        <Badge size="xs" variant="light" color="green" ml={6} component="span">
                          Definido
                        </Badge>
                      )}
                    </>
                  }
                  withAsterisk={key === 'access_token' && !stored}
                  autoComplete="new-password"
                  placeholder={stored ? 'Deixe em branco para manter' : ''}
                  {...form.register(key, secretRule(key))}
                  error={errors[key]?.message}
                  rightSectionWidth={stored ? 80 : undefined}
                  rightSection={
                    stored ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setCleared((all) => new Set(all).add(key))}
                      >
                        Remover
                      </Button>
                    ) : undefined
                  }
                />
              );
            })}
            {editing && <WebhookUrl botId={editing.id} />}
          </>
        )}

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
