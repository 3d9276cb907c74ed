import { TEMPLATE_VARIABLES, type TemplateVariable } from './constants.ts';
import type { MessageTemplate, TemplateSend } from './schemas/chat.ts';

// The variables a template's fields may carry, filled with a card's values when sent: the dictionary's names
// (CHAT-062), as a person types them, and the placeholders batch messaging writes for them (CHAT-063).

export const BATCH_PLACEHOLDER_NAMES = ['user', 'campaign', 'name', 'city', 'product', 'price'] as const;
export type BatchPlaceholder = (typeof BATCH_PLACEHOLDER_NAMES)[number];
export type BatchPlaceholderValues = Record<BatchPlaceholder, string | null>;

/** The batch placeholder each dictionary variable becomes (CHAT-063). */
export const PLACEHOLDER_OF_VARIABLE: Readonly<Record<TemplateVariable, BatchPlaceholder>> = {
  atendente: 'user',
  campanha: 'campaign',
  cliente: 'name',
  cidade: 'city',
  produto: 'product',
  valor_produto: 'price',
};

/** Anything written between double braces, e.g. {{cliente}}, {{ Nome }}, {{1}}. */
const WRITTEN = /\{\{([^{}]*)\}\}/g;

const isOneOf = <T extends string>(names: readonly T[], name: string): name is T =>
  (names as readonly string[]).includes(name);

/** The placeholder a written variable stands for, in any case and spacing; null when it names none. */
export function placeholderOf(written: string): BatchPlaceholder | null {
  const name = written.trim().toLowerCase();
  if (isOneOf(BATCH_PLACEHOLDER_NAMES, name)) return name;
  return isOneOf(TEMPLATE_VARIABLES, name) ? PLACEHOLDER_OF_VARIABLE[name] : null;
}

const writtenIn = (texts: readonly (string | null | undefined)[]) =>
  texts.flatMap((text) => [...(text ?? '').matchAll(WRITTEN)]);

/** The variables written in the texts that name nothing known, each once as written: ['{{nome}}']. */
export function unknownVariables(texts: readonly (string | null | undefined)[]): string[] {
  const unknown = writtenIn(texts).filter(([, name]) => placeholderOf(name ?? '') === null);
  return [...new Set(unknown.map(([whole]) => whole))];
}

/** The known variables written in the texts that the card has no value for, each once as written. */
export function missingVariables(
  texts: readonly (string | null | undefined)[],
  values: BatchPlaceholderValues,
): string[] {
  const missing = writtenIn(texts).filter(([, name]) => {
    const placeholder = placeholderOf(name ?? '');
    return placeholder !== null && !values[placeholder];
  });
  return [...new Set(missing.map(([whole]) => whole))];
}

/**
 * A text with every known variable replaced by the card's value. A value the card lacks becomes empty, or stays
 * as written with `keepMissing`; what names nothing known stays as written.
 */
export function fillPlaceholders(
  text: string,
  values: BatchPlaceholderValues,
  { keepMissing = false } = {},
): string {
  return text.replace(WRITTEN, (whole, name: string) => {
    const placeholder = placeholderOf(name);
    if (placeholder === null) return whole;
    return values[placeholder] ?? (keepMissing ? whole : '');
  });
}

/** The texts of a template's parameters, where variables are written. */
export const templateTexts = (template: TemplateSend): string[] =>
  template.components.flatMap((c) => c.parameters.flatMap((p) => (p.type === 'text' ? [p.text] : [])));

/** The template with its text parameters filled; an empty one becomes '-', as the channel refuses empty ones. */
export function fillTemplate(template: TemplateSend, values: BatchPlaceholderValues): TemplateSend {
  return {
    ...template,
    components: template.components.map((component) => ({
      ...component,
      parameters: component.parameters.map((p) =>
        p.type === 'text' ? { ...p, text: fillPlaceholders(p.text, values) || '-' } : p,
      ),
    })),
  };
}

/** A template text with its numbered placeholders replaced where a value is given. */
export function fillNumbered(text: string, values: Record<number, string>): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (placeholder, n: string) => values[Number(n)] || placeholder);
}

/** The header, body and footer of a template as the contact reads them, with the send's text parameters in. */
export function templateMessageTexts(template: Pick<MessageTemplate, 'components'>, sent: TemplateSend) {
  const text = (type: 'HEADER' | 'BODY' | 'FOOTER') => {
    const raw = template.components.find((c) => c.type === type)?.text;
    if (!raw) return null;
    const parameters = sent.components.find((c) => c.type === type.toLowerCase())?.parameters ?? [];
    const values = Object.fromEntries(parameters.map((p, i) => [i + 1, p.type === 'text' ? p.text : '']));
    return fillNumbered(raw, values);
  };
  return { header: text('HEADER'), body: text('BODY'), footer: text('FOOTER') };
}
