import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import type { Bot } from '@vendaval/core/schemas/bots';
import { useState } from 'react';
import { showWarningToast } from '../../../lib/toasts.ts';
import type { AssembledTemplate } from '../../../ui/template-send/template-fields.ts';
import { TemplateSendModal } from '../../../ui/template-send/template-send-modal.tsx';
import type { VariableValues } from '../../../ui/template-send/template-variables.ts';
import { useBotsQuery } from '../api/use-bots-query.ts';
import { useOpenDialogMutation } from '../api/use-open-dialog-mutation.ts';
import { type TemplateRef, useTemplateQuery } from '../api/use-template-query.ts';
import { useTemplatesQuery } from '../api/use-templates-query.ts';
import classes from './chat.module.css';
import { messageLength } from './message-length.ts';

export type OpenMode = 'message' | 'template';

type Props = {
  opportunityId: number;
  values: VariableValues;
  initialBotId?: number;
  initialMode?: OpenMode;
  onClose: () => void;
};

function EmptyBots() {
  return (
    <Stack gap={4} align="center" py="md" ta="center">
      <Text fw={600}>{MESSAGES.noBots}</Text>
      <Text size="sm" c="dimmed">
        {MESSAGES.noBotsHint}
      </Text>
    </Stack>
  );
}

function BotChoice({
  bots,
  value,
  onChange,
}: {
  bots: Bot[];
  value: Bot | null;
  onChange: (bot: Bot) => void;
}) {
  return (
    <Radio.Group
      label="Bot"
      value={value ? String(value.id) : null}
      onChange={(id) => {
        const bot = bots.find((b) => String(b.id) === id);
        if (bot) onChange(bot);
      }}
    >
      <Stack gap={6} mt={4}>
        {bots.map((bot) => (
          <Radio key={bot.id} value={String(bot.id)} label={bot.name} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

type PickerProps = { botId: number; value: TemplateRef | null; onChange: (ref: TemplateRef | null) => void };

const refKey = (ref: TemplateRef) => `${ref.name}|${ref.language}`;

function TemplatePicker({ botId, value, onChange }: PickerProps) {
  const templates = useTemplatesQuery(botId);
  return (
    <Select
      label="Template"
      placeholder={templates.isPending ? 'Carregando…' : 'Escolha o template'}
      data={(templates.data ?? []).map((t) => ({ value: refKey(t), label: `${t.name} (${t.language})` }))}
      value={value ? refKey(value) : null}
      onChange={(next) => {
        const found = templates.data?.find((t) => refKey(t) === next);
        onChange(found ? { name: found.name, language: found.language } : null);
      }}
      nothingFoundMessage="Nenhum template aprovado para este Bot."
      searchable
      comboboxProps={{ withinPortal: false }}
    />
  );
}

function useOpenRoom(opportunityId: number, onClose: () => void) {
  const open = useOpenDialogMutation(opportunityId);
  const withMessage = (bot: Bot, message: string, keep: boolean) => {
    if (!message.trim()) return showWarningToast(TOASTS.emptyMessage.message, TOASTS.emptyMessage.title);
    open.mutate(
      { bot_id: bot.id, bot_name: bot.name, message: message.trim(), keep_bot_on_dialog: keep },
      { onSuccess: onClose },
    );
  };
  const withTemplate = (bot: Bot, assembled: AssembledTemplate, keep: boolean) =>
    open.mutate(
      {
        bot_id: bot.id,
        bot_name: bot.name,
        keep_bot_on_dialog: keep,
        media_type: bot.media_type,
        header: assembled.header,
        footer: assembled.footer,
        message: assembled.body,
        template: assembled.template,
      },
      { onSuccess: onClose },
    );
  return { withMessage, withTemplate, pending: open.isPending };
}

/** The floating 'Iniciar conversa' panel: a bot, a first message or a template (CHAT-041 to CHAT-047). */
export function OpenRoomPanel({
  opportunityId,
  values,
  initialBotId,
  initialMode = 'message',
  onClose,
}: Props) {
  const bots = useBotsQuery();
  const [botId, setBotId] = useState<number | null>(null);
  const chosen = botId ?? initialBotId;
  const bot = bots.data?.find((b) => b.id === chosen) ?? bots.data?.[0] ?? null;
  const [mode, setMode] = useState<OpenMode>(initialMode);
  const [message, setMessage] = useState('');
  const [keep, setKeep] = useState<boolean | null>(null);
  const [templateRef, setTemplateRef] = useState<TemplateRef | null>(null);
  const [composing, setComposing] = useState(false);
  const template = useTemplateQuery(mode === 'template' && bot ? bot.id : null, templateRef);
  const room = useOpenRoom(opportunityId, onClose);
  const keepBot = keep ?? bot?.keep_bot_on_dialog ?? false;
  const length = messageLength(message);

  const start = () => {
    if (!bot) return;
    if (mode === 'message') return length.over ? undefined : room.withMessage(bot, message, keepBot);
    if (template.data) setComposing(true);
  };

  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      radius="md"
      className={classes.floating}
      role="dialog"
      aria-label="Iniciar conversa"
    >
      <Group justify="space-between" mb="xs">
        <Title order={5}>Iniciar conversa</Title>
        <ActionIcon variant="subtle" color="gray" aria-label="Fechar" onClick={onClose}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      {bots.isPending && <Loader size="sm" aria-label="Carregando bots" />}
      {bots.data?.length === 0 && <EmptyBots />}
      {bot && bots.data && (
        // While the room is being opened nothing can be typed here: the panel closes once it exists.
        <Fieldset variant="unstyled" disabled={room.pending} p={0} m={0}>
          <Stack gap="sm">
            <BotChoice bots={bots.data} value={bot} onChange={(b) => setBotId(b.id)} />
            <SegmentedControl
              value={mode}
              onChange={(next) => setMode(next as OpenMode)}
              data={[
                { value: 'message', label: 'Mensagem' },
                { value: 'template', label: 'Template' },
              ]}
              aria-label="Tipo de envio"
            />
            {mode === 'message' ? (
              <Textarea
                label="Mensagem"
                placeholder="Mensagem..."
                autosize
                minRows={2}
                maxRows={6}
                value={message}
                description={length.counter}
                error={length.error}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                onChange={(event) => setMessage(event.currentTarget.value)}
              />
            ) : (
              <TemplatePicker botId={bot.id} value={templateRef} onChange={setTemplateRef} />
            )}
            <Checkbox
              label="Manter Bot na conversa"
              checked={keepBot}
              onChange={(event) => setKeep(event.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button
                onClick={start}
                loading={room.pending}
                disabled={mode === 'template' ? !template.data : length.over}
              >
                {mode === 'message' ? 'Abrir Sala' : 'Preencher template'}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      )}
      {composing && template.data && bot && (
        <TemplateSendModal
          template={template.data}
          values={values}
          sending={room.pending}
          onClose={() => setComposing(false)}
          onSend={(assembled) => room.withTemplate(bot, assembled, keepBot)}
        />
      )}
    </Paper>
  );
}
