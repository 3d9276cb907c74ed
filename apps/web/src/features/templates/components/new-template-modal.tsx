import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBraces, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Bot } from '@vendaval/core/schemas/bots';
import {
  TEMPLATE_BODY_MAX,
  TEMPLATE_BUTTON_MAX,
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  TEMPLATE_FOOTER_MAX,
  TEMPLATE_HEADER_MAX,
  TEMPLATE_LANGUAGES,
  type TemplateButtonInput,
  type TemplateCategory,
  type TemplateCreate,
  type TemplateCreateInput,
  templateComponentsOf,
  templateCreateSchema,
  templateVariableNumbers,
} from '@vendaval/core/schemas/templates';
import { useState } from 'react';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { showErrorToasts, showSuccessToast } from '../../../lib/toasts.ts';
import { useIsMobile } from '../../../ui/responsive.ts';
import { useCreateTemplateMutation } from '../api/use-create-template-mutation.ts';
import classes from './new-template-modal.module.css';
import { WhatsappPreview } from './whatsapp-preview.tsx';

type Draft = {
  botId: string | null;
  name: string;
  category: TemplateCategory;
  language: string;
  headerText: string;
  headerExample: string;
  bodyText: string;
  bodyExamples: string[];
  footer: string;
  buttons: TemplateButtonInput[];
};

const EMPTY: Omit<Draft, 'botId'> = {
  name: '',
  category: 'MARKETING',
  language: 'pt_BR',
  headerText: '',
  headerExample: '',
  bodyText: '',
  bodyExamples: [],
  footer: '',
  buttons: [],
};

const NEW_BUTTONS: { label: string; button: TemplateButtonInput }[] = [
  { label: 'Resposta rápida', button: { type: 'QUICK_REPLY', text: '' } },
  { label: 'Link', button: { type: 'URL', text: '', url: 'https://' } },
  { label: 'Ligar', button: { type: 'PHONE_NUMBER', text: '', phone_number: '' } },
  { label: 'Copiar código', button: { type: 'COPY_CODE', example: '' } },
];
const BUTTON_LABELS: Record<TemplateButtonInput['type'], string> = {
  QUICK_REPLY: 'Resposta rápida',
  URL: 'Link',
  PHONE_NUMBER: 'Ligar',
  COPY_CODE: 'Copiar código',
};

/** The distinct variable numbers of a text, in order: an example input for each. */
const variablesOf = (text: string) => [...new Set(templateVariableNumbers(text) ?? [])].sort((a, b) => a - b);

function inputOf(draft: Draft): TemplateCreateInput {
  const variables = variablesOf(draft.bodyText);
  return {
    name: draft.name.trim(),
    category: draft.category,
    language: draft.language as TemplateCreate['language'],
    header: draft.headerText.trim()
      ? { text: draft.headerText, ...(draft.headerExample.trim() ? { example: draft.headerExample } : {}) }
      : null,
    body: { text: draft.bodyText, examples: variables.map((_, i) => draft.bodyExamples[i] ?? '') },
    footer: draft.footer.trim() ? draft.footer : null,
    buttons: draft.buttons.map((button) =>
      button.type === 'URL' && !button.url.includes('{{') ? { ...button, example: undefined } : button,
    ),
  };
}

/** The errors of a refusal (ours or the server's) by field path, e.g. 'body.examples' or 'buttons.0.text'. */
function errorsOf(issues: readonly { path: string; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return errors;
}

type Props = { bots: readonly Bot[]; onClose: () => void };

/** 'Novo template': written with a live WhatsApp preview and submitted to Meta for review. */
export function NewTemplateModal({ bots, onClose }: Props) {
  const mobile = useIsMobile();
  const create = useCreateTemplateMutation();
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, botId: bots[0] ? String(bots[0].id) : null });
  // Once a send was tried, the form re-checks as the person types; the server's refusal lasts until the next edit.
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<Record<string, string>>({});
  const set = (patch: Partial<Draft>) => {
    setRefusal({});
    setDraft((current) => ({ ...current, ...patch }));
  };
  const setButton = (index: number, patch: Partial<TemplateButtonInput>) =>
    set({
      buttons: draft.buttons.map((b, i) => (i === index ? ({ ...b, ...patch } as TemplateButtonInput) : b)),
    });

  const input = inputOf(draft);
  const bodyVariables = variablesOf(draft.bodyText);
  const headerHasVariable = /\{\{1\}\}/.test(draft.headerText);
  const preview = templateComponentsOf({
    ...input,
    header: input.header ?? null,
    body: { text: input.body.text || 'Digite o corpo da mensagem…', examples: input.body.examples ?? [] },
    buttons: input.buttons ?? [],
  } as TemplateCreate);

  const checked = templateCreateSchema.safeParse(input, { error: ptBrIssue });
  const botId = Number(draft.botId);
  const errors = {
    ...(tried
      ? errorsOf([
          ...(checked.success ? [] : checked.error.issues).map((i) => ({
            path: i.path.join('.'),
            message: i.message,
          })),
          ...(botId ? [] : [{ path: 'bot', message: 'Escolha o funcionário digital do template.' }]),
        ])
      : {}),
    ...refusal,
  };

  const addVariable = () => {
    const next = (bodyVariables.at(-1) ?? 0) + 1;
    set({ bodyText: `${draft.bodyText}{{${next}}}` });
  };

  const submit = () => {
    setTried(true);
    if (!checked.success || !botId) return;
    create.mutate(
      { botId, template: checked.data },
      {
        onSuccess: () => {
          showSuccessToast('Template enviado para aprovação da Meta.');
          onClose();
        },
        onError: (error) => {
          showErrorToasts(error);
          const issues = error instanceof ApiError ? (error.body?.errors ?? []) : [];
          setRefusal(errorsOf(issues.map((i) => ({ path: i.field ?? '', message: i.description ?? '' }))));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Novo template" size="xl" fullScreen={mobile}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Select
            label="Funcionário digital"
            data={bots.map((b) => ({ value: String(b.id), label: b.name }))}
            value={draft.botId}
            onChange={(botId) => set({ botId })}
            allowDeselect={false}
            error={errors.bot}
          />
          <TextInput
            label="Nome"
            description="Letras minúsculas sem acento, números e _ (ex.: boas_vindas)."
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
            data-autofocus
          />
          <Group grow align="flex-start">
            <Select
              label="Categoria"
              data={TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: TEMPLATE_CATEGORY_LABELS[c] }))}
              value={draft.category}
              onChange={(category) => category && set({ category: category as TemplateCategory })}
              allowDeselect={false}
              error={errors.category}
            />
            <Select
              label="Idioma"
              data={TEMPLATE_LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
              value={draft.language}
              onChange={(language) => language && set({ language })}
              allowDeselect={false}
              error={errors.language}
            />
          </Group>
          <TextInput
            label="Cabeçalho (opcional)"
            description="Texto curto em negrito; aceita uma variável, {{1}}."
            value={draft.headerText}
            maxLength={TEMPLATE_HEADER_MAX}
            onChange={(e) => set({ headerText: e.currentTarget.value })}
            error={errors['header.text']}
          />
          {headerHasVariable && (
            <TextInput
              label="Exemplo de {{1}} do cabeçalho"
              value={draft.headerExample}
              onChange={(e) => set({ headerExample: e.currentTarget.value })}
              error={errors['header.example']}
            />
          )}
          <Textarea
            label="Corpo"
            description="Use *negrito*, _itálico_ e variáveis numeradas {{1}}, {{2}}…"
            autosize
            minRows={4}
            maxLength={TEMPLATE_BODY_MAX}
            value={draft.bodyText}
            onChange={(e) => set({ bodyText: e.currentTarget.value })}
            error={errors['body.text']}
          />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {draft.bodyText.length}/{TEMPLATE_BODY_MAX}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconBraces size={14} />}
              onClick={addVariable}
            >
              Adicionar variável
            </Button>
          </Group>
          {bodyVariables.map((n, i) => (
            <TextInput
              key={n}
              label={`Exemplo de {{${n}}}`}
              value={draft.bodyExamples[i] ?? ''}
              onChange={(e) => {
                const examples = [...draft.bodyExamples];
                examples[i] = e.currentTarget.value;
                set({ bodyExamples: examples });
              }}
            />
          ))}
          {errors['body.examples'] && (
            <Text size="sm" c="red">
              {errors['body.examples']}
            </Text>
          )}
          <TextInput
            label="Rodapé (opcional)"
            value={draft.footer}
            maxLength={TEMPLATE_FOOTER_MAX}
            onChange={(e) => set({ footer: e.currentTarget.value })}
            error={errors.footer}
          />
          <Group justify="space-between">
            <Text fw={500} size="sm">
              Botões
            </Text>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} />}
                  disabled={draft.buttons.length >= TEMPLATE_BUTTON_MAX}
                >
                  Adicionar botão
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {NEW_BUTTONS.map(({ label, button }) => (
                  <Menu.Item key={label} onClick={() => set({ buttons: [...draft.buttons, { ...button }] })}>
                    {label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
          {errors.buttons && (
            <Text size="sm" c="red">
              {errors.buttons}
            </Text>
          )}
          {draft.buttons.map((button, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are controlled inputs and hold no state of their own
            <Paper key={`${button.type}-${i}`} withBorder p="xs" radius="md">
              <Stack gap={6}>
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    {BUTTON_LABELS[button.type]}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remover botão ${i + 1}`}
                    onClick={() => set({ buttons: draft.buttons.filter((_, j) => j !== i) })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
                {button.type !== 'COPY_CODE' && (
                  <TextInput
                    label="Texto do botão"
                    value={button.text}
                    onChange={(e) => setButton(i, { text: e.currentTarget.value })}
                    error={errors[`buttons.${i}.text`]}
                  />
                )}
                {button.type === 'URL' && (
                  <>
                    <TextInput
                      label="Link"
                      description="Pode terminar com a variável {{1}}."
                      value={button.url}
                      onChange={(e) => setButton(i, { url: e.currentTarget.value })}
                      error={errors[`buttons.${i}.url`]}
                    />
                    {button.url.includes('{{') && (
                      <TextInput
                        label="Exemplo do link completo"
                        value={button.example ?? ''}
                        onChange={(e) => setButton(i, { example: e.currentTarget.value })}
                        error={errors[`buttons.${i}.example`]}
                      />
                    )}
                  </>
                )}
                {button.type === 'PHONE_NUMBER' && (
                  <TextInput
                    label="Telefone"
                    placeholder="5511999998888"
                    value={button.phone_number}
                    onChange={(e) => setButton(i, { phone_number: e.currentTarget.value })}
                    error={errors[`buttons.${i}.phone_number`]}
                  />
                )}
                {button.type === 'COPY_CODE' && (
                  <TextInput
                    label="Código de exemplo"
                    value={button.example}
                    maxLength={15}
                    onChange={(e) => setButton(i, { example: e.currentTarget.value })}
                    error={errors[`buttons.${i}.example`]}
                  />
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
        <Stack gap="xs" className={classes.preview}>
          <Title order={4}>Pré-visualização</Title>
          <WhatsappPreview components={preview} label="Pré-visualização do novo template" />
          <Text size="xs" c="dimmed">
            As variáveis aparecem com os exemplos que a Meta usa para analisar o template.
          </Text>
        </Stack>
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={submit} loading={create.isPending}>
          Enviar para aprovação
        </Button>
      </Group>
    </Modal>
  );
}
