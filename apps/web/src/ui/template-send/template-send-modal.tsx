import {
  ActionIcon,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import type { TemplateVariable } from '@vendaval/core/constants';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import {
  type BatchPlaceholderValues,
  fillPlaceholders,
  missingVariables,
  unknownVariables,
} from '@vendaval/core/template-variables';
import { useMemo, useState } from 'react';
import { readAsDataUrl } from '../../lib/data-url.ts';
import { showWarningToast } from '../../lib/toasts.ts';
import { useIsMobile } from '../responsive.ts';
import {
  type AssembledTemplate,
  assembleTemplate,
  type FieldFiles,
  type FieldValues,
  missingFields,
  type TemplateField,
  type TemplateSection,
  templateFields,
} from './template-fields.ts';
import classes from './template-send.module.css';
import { batchPlaceholder, placeholderValuesOf, type VariableValues } from './template-variables.ts';
import { VariableDictionaryModal } from './variable-dictionary-modal.tsx';

const SECTIONS: TemplateSection[] = ['Header', 'Body', 'Footer', 'Botões'];
const COUPON_LENGTH = 15;

type Props = {
  template: MessageTemplate;
  values: VariableValues;
  /** Batch messaging keeps the variables as placeholders and confirms instead of sending (CHAT-060). */
  batch?: boolean;
  sending?: boolean;
  onClose: () => void;
  onSend: (assembled: AssembledTemplate) => void;
};

function Preview({ assembled }: { assembled: AssembledTemplate }) {
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Pré-visualização do template">
      <Stack gap={4}>
        {assembled.header && (
          <Text fw={700} size="sm" className={classes.text}>
            {assembled.header}
          </Text>
        )}
        {assembled.body && (
          <Text size="sm" className={classes.text}>
            {assembled.body}
          </Text>
        )}
        {assembled.footer && (
          <Text size="xs" c="dimmed" className={classes.text}>
            {assembled.footer}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

type FieldProps = {
  field: TemplateField;
  value: string;
  onChange: (value: string) => void;
  onFile: (file: File | null) => void;
  onDictionary: () => void;
};

function FieldInput({ field, value, onChange, onFile, onDictionary }: FieldProps) {
  if (field.kind === 'file') {
    return (
      <FileInput label={field.label} placeholder="Escolher arquivo" required onChange={onFile} clearable />
    );
  }
  const coupon = field.kind === 'coupon';
  return (
    <TextInput
      label={field.label}
      required
      value={value}
      maxLength={coupon ? COUPON_LENGTH : undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        onChange(coupon ? next.replace(/[^0-9A-Za-z]/g, '').slice(0, COUPON_LENGTH) : next);
      }}
      rightSection={
        coupon ? undefined : (
          <ActionIcon variant="subtle" aria-label={`Variável para ${field.label}`} onClick={onDictionary}>
            <IconBraces size={16} />
          </ActionIcon>
        )
      }
    />
  );
}

const fillTexts = (texts: FieldValues, values: BatchPlaceholderValues): FieldValues =>
  Object.fromEntries(
    Object.entries(texts).map(([id, text]) => [id, fillPlaceholders(text, values, { keepMissing: true })]),
  );

/**
 * Why the typed fields cannot go: a variable that names nothing known would reach the contact as raw braces;
 * for one card (`values`), a variable the card has no value for would too.
 */
function variableProblem(texts: string[], values: BatchPlaceholderValues | null) {
  const [unknown] = unknownVariables(texts);
  if (unknown)
    return {
      title: MESSAGES.unknownTemplateVariableTitle,
      message: MESSAGES.unknownTemplateVariable(unknown),
    };
  const [missing] = values ? missingVariables(texts, values) : [];
  if (missing)
    return { title: TOASTS.variableMissing.title, message: MESSAGES.templateVariableMissing(missing) };
  return null;
}

/** 'Enviar Template': preview and the template's variables, every one required (CHAT-059 to CHAT-070). */
export function TemplateSendModal({ template, values, batch = false, sending, onClose, onSend }: Props) {
  const mobile = useIsMobile();
  const fields = useMemo(() => templateFields(template), [template]);
  const [texts, setTexts] = useState<FieldValues>({});
  const [files, setFiles] = useState<FieldFiles>({});
  const [picking, setPicking] = useState<string | null>(null);
  const cardValues = useMemo(() => placeholderValuesOf(values), [values]);
  // A variable typed by hand counts like a picked one: in batch mode it is filled per card when sent, here now.
  const filled = batch ? texts : fillTexts(texts, cardValues);
  const assembled = assembleTemplate(template, fields, filled, files);
  const setText = (id: string, value: string) => setTexts((current) => ({ ...current, [id]: value }));

  const pick = (variable: TemplateVariable) => {
    const field = picking;
    setPicking(null);
    if (!field) return;
    const value = batch ? batchPlaceholder(variable) : values[variable];
    if (!value) return showWarningToast(TOASTS.variableMissing.message, TOASTS.variableMissing.title);
    setText(field, value);
  };
  const setFile = async (id: string, file: File | null) => {
    const chosen = file ? { name: file.name, base64File: await readAsDataUrl(file) } : null;
    setFiles(({ [id]: _old, ...rest }) => (chosen ? { ...rest, [id]: chosen } : rest));
  };
  const submit = () => {
    if (missingFields(fields, texts, files)) {
      return showWarningToast(TOASTS.templateFieldsRequired.message, TOASTS.templateFieldsRequired.title);
    }
    const problem = variableProblem(Object.values(texts), batch ? null : cardValues);
    if (problem) return showWarningToast(problem.message, problem.title);
    onSend(assembled);
  };

  return (
    <Modal opened onClose={onClose} title="Enviar Template" size="lg" fullScreen={mobile} zIndex={300}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {template.name} · {template.language}
        </Text>
        <Preview assembled={assembled} />
        {SECTIONS.map((section) => {
          const own = fields.filter((f) => f.section === section);
          if (own.length === 0) return null;
          return (
            <Stack key={section} gap={6}>
              <Title order={6}>{section}</Title>
              {own.map((field) => (
                <FieldInput
                  key={field.id}
                  field={field}
                  value={texts[field.id] ?? ''}
                  onChange={(value) => setText(field.id, value)}
                  onFile={(file) => void setFile(field.id, file)}
                  onDictionary={() => setPicking(field.id)}
                />
              ))}
            </Stack>
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={sending}>
            {batch ? 'Confirmar' : 'Enviar'}
          </Button>
        </Group>
      </Stack>
      <VariableDictionaryModal opened={picking !== null} onClose={() => setPicking(null)} onPick={pick} />
    </Modal>
  );
}
