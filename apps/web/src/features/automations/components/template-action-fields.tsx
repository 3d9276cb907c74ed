import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { TEMPLATE_VARIABLES } from '@vendaval/core/constants';
import type { AutomationAction } from '@vendaval/core/schemas/automations';
import type { Bot } from '@vendaval/core/schemas/bots';
import { fillPlaceholders, templateMessageTexts } from '@vendaval/core/template-variables';
import { useState } from 'react';
import { useLookupQuery } from '../../../lib/lookups/use-lookup-query.ts';
import { TemplateSendModal } from '../../../ui/template-send/template-send-modal.tsx';
import {
  placeholderValuesOf,
  VARIABLE_LABELS,
  type VariableValues,
} from '../../../ui/template-send/template-variables.ts';
import { useBotTemplatesQuery } from '../api/use-bot-templates-query.ts';

type SendTemplate = Extract<AutomationAction, { type: 'send_template' }>;

/** The step fills the variables from each card when it runs, as a batch does: the modal writes placeholders. */
const NO_VALUES: VariableValues = {
  atendente: null,
  campanha: null,
  cliente: null,
  cidade: null,
  produto: null,
  valor_produto: null,
};

/** Each variable as the user picked it from the dictionary, e.g. [Cliente], not as the step stores it. */
const PICKED = placeholderValuesOf(
  Object.fromEntries(TEMPLATE_VARIABLES.map((v) => [v, `[${VARIABLE_LABELS[v]}]`])) as VariableValues,
);
const readable = (text: string) => fillPlaceholders(text, PICKED, { keepMissing: true });

/** The bot, its template and the template's variables of a "send a template" step. */
export function TemplateActionFields({
  action,
  error,
  onChange,
}: {
  action: SendTemplate;
  error: (field: string) => string | undefined;
  onChange: (action: SendTemplate) => void;
}) {
  const bots = useLookupQuery<Bot>('bots');
  const templates = useBotTemplatesQuery(action.bot_id || null);
  const [composing, setComposing] = useState<string | null>(null);
  const chosen = `${action.template.name}:${action.template.language}`;
  const template = templates.data?.find((t) => `${t.name}:${t.language}` === (composing ?? chosen));
  const parameters = action.template.components.flatMap((c) => c.parameters);
  // The body as the contact will read it, with the card's values where the variables are.
  const body = template && !composing ? templateMessageTexts(template, action.template).body : null;
  return (
    <Stack gap="sm">
      <Select
        label="Funcionário digital"
        placeholder="Escolha o bot"
        data={(bots.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
        value={action.bot_id ? String(action.bot_id) : null}
        error={error('bot_id')}
        onChange={(value) =>
          onChange({
            ...action,
            bot_id: value ? Number(value) : 0,
            template: { ...action.template, name: '' },
          })
        }
      />
      <Select
        label="Template"
        placeholder="Escolha um template aprovado"
        data={(templates.data ?? []).map((t) => ({ value: `${t.name}:${t.language}`, label: t.name }))}
        value={action.template.name ? chosen : null}
        error={error('template') ?? error('template.name')}
        onChange={(value) => value && setComposing(value)}
      />
      {action.template.name && (
        <Paper withBorder p="xs" radius="md">
          <Group justify="space-between" gap="xs">
            <Text
              size="sm"
              style={{ flex: '1 1 200px', wordBreak: 'break-word' }}
              data-testid="template-preview"
            >
              {body
                ? readable(body)
                : parameters.length === 0
                  ? 'Sem variáveis.'
                  : parameters.map((p) => ('text' in p ? readable(p.text) : '')).join(' · ')}
            </Text>
            <Button size="xs" variant="default" disabled={!template} onClick={() => setComposing(chosen)}>
              Preencher template
            </Button>
          </Group>
        </Paper>
      )}
      <Text size="xs" c="dimmed">
        Só templates vão fora da janela de 24 horas do WhatsApp; as variáveis são preenchidas com os dados da
        oportunidade.
      </Text>
      {composing && template && (
        <TemplateSendModal
          template={template}
          values={NO_VALUES}
          batch
          onClose={() => setComposing(null)}
          onSend={(result) => {
            onChange({ ...action, template: result.template });
            setComposing(null);
          }}
        />
      )}
    </Stack>
  );
}
