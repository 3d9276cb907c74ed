import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Code,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCopy, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { MESSAGES, SUCCESS_MESSAGES } from '@vendaval/core/messages';
import type {
  ContractSettings,
  ContractSettingsUpdate,
  EnrollmentProvider,
} from '@vendaval/core/schemas/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { API_BASE, ApiError } from '../../lib/http.ts';
import { useTerms } from '../../lib/platform.ts';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toasts.ts';
import { copyToClipboard } from '../../ui/copy/copy-to-clipboard.ts';
import { useContractSettingsQuery, useUpdateContractSettingsMutation } from './api/contracts-api.ts';

const PROVIDER_LABELS: Readonly<Record<EnrollmentProvider, string>> = {
  sandbox: 'Ambiente de testes',
  asaas: 'Asaas',
};

/** A secret as the form holds it: kept as stored, replaced by a new one, or removed on save. */
type Secret = { value: string; clear: boolean };
type Values = { won_on_payment: boolean; asaas_api_key: Secret; asaas_webhook_token: Secret };

const blank = (settings: ContractSettings): Values => ({
  won_on_payment: settings.won_on_payment,
  asaas_api_key: { value: '', clear: false },
  asaas_webhook_token: { value: '', clear: false },
});

/** A secret's part of the change: absent keeps it, null removes it, text replaces it. */
function secretPatch(secret: Secret): string | null | undefined {
  if (secret.clear) return null;
  return secret.value.trim() === '' ? undefined : secret.value;
}

/** The address Asaas posts to for this workspace, on the host the app is served from (the host names the tenant). */
export function asaasWebhookUrl(workspaceId: number | null): string {
  const base = new URL(API_BASE, window.location.origin).href.replace(/\/$/, '');
  return `${base}/contracts/asaas/${workspaceId}/webhook`;
}

/**
 * /enrollment-settings: how this workspace charges the enrolments its cards generate — the profile's provider,
 * the workspace's own Asaas account (write-only secrets) and whether a paid enrolment wins its card.
 */
export function EnrollmentSettingsPage() {
  const { workspaceId } = useSession();
  const settings = useContractSettingsQuery(workspaceId);
  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={2}>Matrículas</Title>
        <Text size="sm" c="dimmed">
          Como este workspace cobra as matrículas geradas nos cards.
        </Text>
      </Stack>
      {settings.data ? (
        settings.data.integrated_enroll === null ? (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            {MESSAGES.enrollmentNotOffered}
          </Alert>
        ) : (
          <EnrollmentSettingsForm key={workspaceId} workspaceId={workspaceId} settings={settings.data} />
        )
      ) : (
        <Center py="xl">
          {settings.isError ? (
            <Text c="dimmed">Não foi possível carregar as configurações.</Text>
          ) : (
            <Loader aria-label="Carregando configurações" />
          )}
        </Center>
      )}
    </Stack>
  );
}

function EnrollmentSettingsForm({
  workspaceId,
  settings,
}: {
  workspaceId: number | null;
  settings: ContractSettings;
}) {
  const terms = useTerms();
  const save = useUpdateContractSettingsMutation(workspaceId);
  const form = useForm<Values>({ defaultValues: blank(settings) });
  const { errors } = form.formState;
  const webhookUrl = asaasWebhookUrl(workspaceId);

  const submit = form.handleSubmit((values) => {
    const patch: ContractSettingsUpdate = { won_on_payment: values.won_on_payment };
    const key = secretPatch(values.asaas_api_key);
    const token = secretPatch(values.asaas_webhook_token);
    if (key !== undefined) patch.asaas_api_key = key;
    if (token !== undefined) patch.asaas_webhook_token = token;
    save.mutate(patch, {
      onSuccess: (saved) => {
        form.reset(blank(saved));
        showSuccessToast(SUCCESS_MESSAGES.enrollmentSettingsSaved);
      },
      // The server names the refused field: its message goes under it, and what was typed stays.
      onError: (error) => {
        for (const issue of error instanceof ApiError ? (error.body?.errors ?? []) : []) {
          if (issue.field === 'asaas_api_key' || issue.field === 'asaas_webhook_token')
            form.setError(`${issue.field}.value`, { message: issue.description });
          else if (issue.field === 'won_on_payment')
            form.setError('won_on_payment', { message: issue.description });
        }
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Configurações de matrícula">
      <Stack gap="lg">
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Text fw={600}>Provedor de pagamento</Text>
            <Group gap="xl" wrap="wrap" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
              <ProviderBadge label="Provedor da plataforma" provider={settings.integrated_enroll} />
              <ProviderBadge label="Em uso neste workspace" provider={settings.provider} />
            </Group>
            <Text size="sm" c="dimmed">
              {settings.provider === 'asaas'
                ? 'As matrículas são cobradas pela conta Asaas deste workspace, por Pix ou boleto.'
                : settings.integrated_enroll === 'asaas'
                  ? 'Cadastre a chave de API da conta Asaas deste workspace para cobrar as matrículas.'
                  : 'As matrículas são cobradas no ambiente de testes: o pagamento é confirmado pela página de pagamento de teste. Cadastre uma chave de API do Asaas para cobrar de verdade.'}
            </Text>
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            <Text fw={600}>Conta Asaas</Text>
            <Controller
              control={form.control}
              name="asaas_api_key"
              render={({ field }) => (
                <SecretInput
                  label="Chave de API do Asaas"
                  noun="chave"
                  stored={settings.asaas_api_key_set}
                  secret={field.value}
                  onChange={field.onChange}
                  error={errors.asaas_api_key?.value?.message}
                  description="Em Minha conta › Integrações no Asaas. Começa com $aact_."
                />
              )}
            />
            <Controller
              control={form.control}
              name="asaas_webhook_token"
              render={({ field }) => (
                <SecretInput
                  label="Token de autenticação do webhook"
                  noun="token"
                  stored={settings.asaas_webhook_token_set}
                  secret={field.value}
                  onChange={field.onChange}
                  error={errors.asaas_webhook_token?.value?.message}
                  description="O mesmo token informado ao criar o webhook no Asaas; chamadas sem ele são recusadas."
                />
              )}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="asaas-webhook-url-label">
                Endereço do webhook
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Code
                  data-testid="asaas-webhook-url"
                  aria-labelledby="asaas-webhook-url-label"
                  style={{ wordBreak: 'break-all', flex: 1 }}
                >
                  {webhookUrl}
                </Code>
                <Tooltip label="Copiar endereço do webhook">
                  <ActionIcon
                    variant="default"
                    aria-label="Copiar endereço do webhook"
                    onClick={() => void copyToClipboard(webhookUrl)}
                  >
                    <IconCopy size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <Text size="xs" c="dimmed">
                No Asaas, crie um webhook de cobranças com este endereço e o token acima.
              </Text>
            </Stack>
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="md">
          <Controller
            control={form.control}
            name="won_on_payment"
            render={({ field }) => (
              <Switch
                label={`Marcar o card como ${terms.won_term} quando a matrícula for paga`}
                description="O card muda de etapa só se cumprir as regras de fechamento (produto, valor e tarefas)."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                error={errors.won_on_payment?.message}
              />
            )}
          />
        </Card>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ProviderBadge({ label, provider }: { label: string; provider: EnrollmentProvider | null }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        {label}:
      </Text>
      <Badge variant="light" style={{ textTransform: 'none', flexShrink: 0 }} aria-label={label}>
        {provider ? PROVIDER_LABELS[provider] : 'Nenhum'}
      </Badge>
    </Group>
  );
}

type SecretInputProps = {
  label: string;
  /** How the text names the secret: 'chave' or 'token'. */
  noun: 'chave' | 'token';
  /** Whether the server keeps one (it never answers the secret itself). */
  stored: boolean;
  secret: Secret;
  onChange: (secret: Secret) => void;
  error: string | undefined;
  description: string;
};

/** A write-only secret: empty keeps the stored one, text replaces it, 'Remover' drops it on save. */
function SecretInput({ label, noun, stored, secret, onChange, error, description }: SecretInputProps) {
  const [visible, setVisible] = useState(false);
  const article = noun === 'chave' ? 'a' : 'o';
  const status = secret.clear
    ? { color: 'red', text: `Será removid${article} ao salvar` }
    : stored
      ? { color: 'green', text: `Cadastrad${article}` }
      : { color: 'gray', text: `Não cadastrad${article}` };
  return (
    <Stack gap={4}>
      <PasswordInput
        label={
          <Group gap="xs" component="span" wrap="wrap">
            {label}
            <Badge
              size="sm"
              variant="light"
              color={status.color}
              style={{ textTransform: 'none', flexShrink: 0 }}
            >
              {status.text}
            </Badge>
          </Group>
        }
        aria-label={label}
        description={description}
        placeholder={
          stored
            ? `Digite ${article === 'a' ? 'uma nova' : 'um novo'} para substituir`
            : `Cole aqui ${article} ${noun}`
        }
        value={secret.value}
        onChange={(event) => onChange({ value: event.currentTarget.value, clear: false })}
        disabled={secret.clear}
        visible={visible}
        onVisibilityChange={setVisible}
        autoComplete="new-password"
        error={error}
      />
      {stored && (
        <Group gap="xs">
          {secret.clear ? (
            <Button size="compact-sm" variant="subtle" onClick={() => onChange({ value: '', clear: false })}>
              Manter {noun}
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => onChange({ value: '', clear: true })}
            >
              Remover {noun}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
