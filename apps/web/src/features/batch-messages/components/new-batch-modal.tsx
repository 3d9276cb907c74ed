import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { MESSAGES, UNKNOWN_ERROR } from '@vendaval/core/messages';
import type { BatchPreviewInput } from '@vendaval/core/schemas/batch-messages';
import { useState } from 'react';
import { ApiError } from '../../../lib/http.ts';
import { useSalesStagesQuery, useWorkingMembersQuery } from '../../../lib/lookups/lookups.ts';
import { PeriodInput } from '../../../ui/period-input/period-input.tsx';
import { useIsMobile } from '../../../ui/responsive.ts';
import type { AssembledTemplate } from '../../../ui/template-send/template-fields.ts';
import { TemplateSendModal } from '../../../ui/template-send/template-send-modal.tsx';
import type { VariableValues } from '../../../ui/template-send/template-variables.ts';
import { type AudienceFilter, useAudienceCountQuery } from '../api/use-audience-count-query.ts';
import { useBatchBotsQuery } from '../api/use-batch-bots-query.ts';
import { useBatchPreviewQuery } from '../api/use-batch-preview-query.ts';
import { useBatchTemplatesQuery } from '../api/use-batch-templates-query.ts';
import { useCreateBatchMessageMutation } from '../api/use-create-batch-message-mutation.ts';

/** In batch mode the modal writes placeholders, never a card's values. */
const NO_VALUES: VariableValues = {
  atendente: null,
  campanha: null,
  cliente: null,
  cidade: null,
  produto: null,
  valor_produto: null,
};

const AUDIENCE_DEBOUNCE_MS = 300;

type Audience = {
  search: string;
  stages: string[];
  users: string[];
  start: string | null;
  end: string | null;
};

function toFilter(audience: Audience): AudienceFilter {
  return {
    ...(audience.search.trim() ? { search: audience.search.trim() } : {}),
    ...(audience.stages.length ? { sales_stage_id: audience.stages.map(Number) } : {}),
    ...(audience.users.length ? { user_id: audience.users.map(Number) } : {}),
    ...(audience.start || audience.end ? { timestamp_attribute: 'created_at' as const } : {}),
    ...(audience.start ? { start_timestamp: audience.start } : {}),
    ...(audience.end ? { end_timestamp: audience.end } : {}),
  };
}

function AudienceFields({ value, onChange }: { value: Audience; onChange: (next: Audience) => void }) {
  const stages = useSalesStagesQuery();
  const members = useWorkingMembersQuery();
  return (
    <>
      <TextInput
        label="Buscar"
        placeholder="Nome, telefone ou e-mail"
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.currentTarget.value })}
      />
      <MultiSelect
        label="Etapas"
        placeholder="Todas as etapas"
        data={(stages.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        value={value.stages}
        onChange={(stagesChosen) => onChange({ ...value, stages: stagesChosen })}
        searchable
        clearable
      />
      <MultiSelect
        label="Responsáveis"
        placeholder="Todos os responsáveis"
        data={(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
        value={value.users}
        onChange={(users) => onChange({ ...value, users })}
        searchable
        clearable
      />
      <PeriodInput
        start={value.start}
        end={value.end}
        onChange={(start, end) => onChange({ ...value, start, end })}
      />
    </>
  );
}

function RecipientCount({ filter }: { filter: AudienceFilter }) {
  const [debounced] = useDebouncedValue(filter, AUDIENCE_DEBOUNCE_MS);
  const count = useAudienceCountQuery(debounced);
  return (
    <Text size="sm" aria-live="polite">
      Destinatários: <b>{count.data ?? '…'}</b>
    </Text>
  );
}

const refusal = (error: Error) => (error instanceof ApiError && error.body?.message) || UNKNOWN_ERROR.message;

/** The server's rendering of the batch for its first recipient, with that card's data; or why it cannot go. */
function BatchPreviewPanel({ preview }: { preview: ReturnType<typeof useBatchPreviewQuery> }) {
  if (preview.isError) {
    return (
      <Alert color="red" title="O disparo não pode ser criado assim">
        {refusal(preview.error)}
      </Alert>
    );
  }
  if (!preview.data) return <Loader size="sm" aria-label="Carregando a pré-visualização" />;
  const { sample } = preview.data;
  if (!sample) return <Text size="sm">{MESSAGES.batchNoPreview}</Text>;
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
      <Stack gap={4} aria-label="Pré-visualização do disparo">
        <Text size="xs" c="dimmed">
          Pré-visualização para {sample.contact_name ?? 'o primeiro destinatário'}
        </Text>
        {sample.header && (
          <Text size="sm" fw={700} style={{ whiteSpace: 'pre-wrap' }}>
            {sample.header}
          </Text>
        )}
        {sample.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {sample.message}
          </Text>
        )}
        {sample.footer && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {sample.footer}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** 'Novo disparo': title, bot, template (in batch mode, 'Confirmar') and the audience, with its size. */
export function NewBatchModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isMobile = useIsMobile();
  const bots = useBatchBotsQuery();
  const [title, setTitle] = useState('');
  const [chosenBot, setBot] = useState<string | null>(null);
  const botId = chosenBot ? Number(chosenBot) : (bots.data?.[0]?.id ?? null);
  const templates = useBatchTemplatesQuery(botId);
  const [templateName, setTemplateName] = useState<string | null>(null);
  const template = templates.data?.find((t) => `${t.name}:${t.language}` === templateName) ?? null;
  const [composing, setComposing] = useState(false);
  const [assembled, setAssembled] = useState<AssembledTemplate | null>(null);
  const [audience, setAudience] = useState<Audience>({
    search: '',
    stages: [],
    users: [],
    start: null,
    end: null,
  });
  const create = useCreateBatchMessageMutation();
  const filter = toFilter(audience);
  const [settledFilter] = useDebouncedValue(filter, AUDIENCE_DEBOUNCE_MS);
  const batch: BatchPreviewInput | null =
    assembled && botId !== null
      ? {
          bot_id: botId,
          template: assembled.template,
          message: assembled.body,
          header: assembled.header,
          footer: assembled.footer,
          filter: settledFilter,
        }
      : null;
  const preview = useBatchPreviewQuery(batch);
  const recipients = preview.isError ? undefined : preview.data?.recipients;

  /** Nothing goes out before the manager confirms, told how many contacts will receive it. */
  const submit = () => {
    if (!batch || !recipients) return;
    const named = { ...batch, title: title.trim() };
    const count = MESSAGES.batchRecipients(recipients);
    modals.openConfirmModal({
      title: MESSAGES.batchConfirmTitle,
      centered: true,
      children: MESSAGES.batchConfirm(named.title, count),
      labels: { confirm: `Enviar para ${count}`, cancel: 'Voltar' },
      onConfirm: () => create.mutate(named, { onSuccess: onClose }),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Novo disparo" size="lg" fullScreen={isMobile} centered>
      <Stack gap="sm">
        <TextInput label="Título" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Select
          label="Funcionário digital"
          data={(bots.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          value={botId === null ? null : String(botId)}
          onChange={(value) => {
            setBot(value);
            setTemplateName(null);
            setAssembled(null);
          }}
          allowDeselect={false}
        />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Select
            style={{ flex: 1 }}
            label="Template"
            placeholder="Escolha um template aprovado"
            data={(templates.data ?? []).map((t) => ({ value: `${t.name}:${t.language}`, label: t.name }))}
            value={templateName}
            onChange={(value) => {
              setTemplateName(value);
              setAssembled(null);
            }}
          />
          <Button variant="default" disabled={!template} onClick={() => setComposing(true)}>
            Preencher template
          </Button>
        </Group>
        {assembled?.body && (
          <Paper withBorder p="xs" radius="md" aria-label="Mensagem do disparo">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {assembled.body}
            </Text>
          </Paper>
        )}
        <AudienceFields value={audience} onChange={setAudience} />
        <RecipientCount filter={filter} />
        {batch && <BatchPreviewPanel preview={preview} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            onClick={submit}
            loading={create.isPending}
            disabled={!recipients || preview.isFetching || !title.trim()}
          >
            Criar disparo
          </Button>
        </Group>
      </Stack>
      {composing && template && (
        <TemplateSendModal
          template={template}
          values={NO_VALUES}
          batch
          onClose={() => setComposing(false)}
          onSend={(result) => {
            setAssembled(result);
            setComposing(false);
          }}
        />
      )}
    </Modal>
  );
}
