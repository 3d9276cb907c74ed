import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import type { TemplateComponent } from './chat.ts';

// Writing a WhatsApp message template and submitting it to Meta (POST /bots/{bid}/meta-templates). The rules
// are the Cloud API's own, checked here so the person reads them in Portuguese before Meta refuses the template.

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_CATEGORY_LABELS: Readonly<Record<TemplateCategory, string>> = {
  MARKETING: 'Marketing',
  UTILITY: 'Utilidade',
  AUTHENTICATION: 'Autenticação',
};

/** Languages of the Cloud API a Brazilian team writes in, by Meta's code. */
export const TEMPLATE_LANGUAGES = [
  { code: 'pt_BR', label: 'Português (Brasil)' },
  { code: 'pt_PT', label: 'Português (Portugal)' },
  { code: 'es', label: 'Espanhol' },
  { code: 'es_AR', label: 'Espanhol (Argentina)' },
  { code: 'es_ES', label: 'Espanhol (Espanha)' },
  { code: 'es_MX', label: 'Espanhol (México)' },
  { code: 'en', label: 'Inglês' },
  { code: 'en_US', label: 'Inglês (EUA)' },
  { code: 'en_GB', label: 'Inglês (Reino Unido)' },
  { code: 'fr', label: 'Francês' },
  { code: 'it', label: 'Italiano' },
  { code: 'de', label: 'Alemão' },
] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number]['code'];
const LANGUAGE_CODES = TEMPLATE_LANGUAGES.map((l) => l.code) as [TemplateLanguage, ...TemplateLanguage[]];

/** A template's review state as Meta reports it, in the team's words. */
export const TEMPLATE_STATUS_LABELS: Readonly<Record<string, string>> = {
  APPROVED: 'Aprovado',
  PENDING: 'Em análise',
  REJECTED: 'Rejeitado',
  PAUSED: 'Pausado',
  DISABLED: 'Desativado',
  IN_APPEAL: 'Em recurso',
  PENDING_DELETION: 'Sendo excluído',
  LIMIT_EXCEEDED: 'Limite excedido',
};

/** Meta's rejection reasons (the webhook's `reason`, the template's `rejected_reason`), explained. */
export const TEMPLATE_REJECTION_LABELS: Readonly<Record<string, string>> = {
  ABUSIVE_CONTENT: 'Conteúdo abusivo',
  INCORRECT_CATEGORY: 'Categoria incorreta para o conteúdo',
  INVALID_FORMAT: 'Formato inválido',
  SCAM: 'Considerado golpe',
  PROMOTIONAL: 'Conteúdo promocional em categoria que não é de marketing',
  TAG_CONTENT_MISMATCH: 'O conteúdo não corresponde à categoria',
};

export const TEMPLATE_BUTTON_MAX = 10;
export const TEMPLATE_BUTTON_TEXT_MAX = 25;
export const TEMPLATE_HEADER_MAX = 60;
export const TEMPLATE_FOOTER_MAX = 60;
export const TEMPLATE_BODY_MAX = 1024;
export const TEMPLATE_COUPON_MAX = 15;

/** Everything written between double braces, numbered or not. */
const BRACED = /\{\{([^{}]*)\}\}/g;
/** The numbers of the variables written in a text, in order of appearance; null when one is not a number. */
export function templateVariableNumbers(text: string): number[] | null {
  const numbers: number[] = [];
  for (const [, inside] of text.matchAll(BRACED)) {
    if (!/^\d+$/.test(inside ?? '')) return null;
    numbers.push(Number(inside));
  }
  return numbers;
}

const buttonText = z
  .string()
  .trim()
  .min(1, MESSAGES.templateButtonTextRequired)
  .max(TEMPLATE_BUTTON_TEXT_MAX, `O texto do botão tem no máximo ${TEMPLATE_BUTTON_TEXT_MAX} caracteres.`);
const example = z.string().trim().max(200);

export const templateButtonInputSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('QUICK_REPLY'), text: buttonText }),
  z.strictObject({
    type: z.literal('URL'),
    text: buttonText,
    url: z
      .string()
      .trim()
      .max(2000)
      .regex(/^https:\/\/[^\s/]+\.[^\s]+$/, MESSAGES.templateUrlInvalid),
    example: example.optional(),
  }),
  z.strictObject({
    type: z.literal('PHONE_NUMBER'),
    text: buttonText,
    phone_number: z
      .string()
      .trim()
      .regex(/^\d{8,20}$/, MESSAGES.templatePhoneInvalid),
  }),
  z.strictObject({
    type: z.literal('COPY_CODE'),
    example: z
      .string()
      .trim()
      .regex(new RegExp(`^[0-9A-Za-z]{1,${TEMPLATE_COUPON_MAX}}$`), MESSAGES.templateCouponExample),
  }),
]);
export type TemplateButtonInput = z.infer<typeof templateButtonInputSchema>;

type Issue = { message: string; path: PropertyKey[] };

/** The numbered variables of one text: {{1}}, {{2}}… in order, with one example each. */
function variableIssues(text: string, examples: readonly string[], path: PropertyKey[]): Issue[] {
  const numbers = templateVariableNumbers(text);
  if (numbers === null) return [{ message: MESSAGES.templateVariablesNumbered, path: [...path, 'text'] }];
  const distinct = [...new Set(numbers)].sort((a, b) => a - b);
  if (distinct.some((n, i) => n !== i + 1))
    return [{ message: MESSAGES.templateVariablesInOrder, path: [...path, 'text'] }];
  const issues: Issue[] = [];
  distinct.forEach((n, i) => {
    if (!examples[i])
      issues.push({ message: MESSAGES.templateExampleRequired(`{{${n}}}`), path: [...path, 'examples'] });
  });
  if (examples.length > distinct.length)
    issues.push({ message: MESSAGES.templateExamplesTooMany, path: [...path, 'examples'] });
  return issues;
}

function buttonIssues(buttons: readonly TemplateButtonInput[]): Issue[] {
  const issues: Issue[] = [];
  const count = (type: TemplateButtonInput['type']) => buttons.filter((b) => b.type === type).length;
  if (buttons.length > TEMPLATE_BUTTON_MAX)
    issues.push({ message: MESSAGES.templateTooManyButtons, path: ['buttons'] });
  if (count('URL') > 2) issues.push({ message: MESSAGES.templateTooManyUrlButtons, path: ['buttons'] });
  if (count('PHONE_NUMBER') > 1)
    issues.push({ message: MESSAGES.templateTooManyPhoneButtons, path: ['buttons'] });
  if (count('COPY_CODE') > 1)
    issues.push({ message: MESSAGES.templateTooManyCopyButtons, path: ['buttons'] });
  // Meta groups quick replies apart from the call-to-action buttons: one run of them, first or last.
  const runs = buttons.filter(
    (b, i) => b.type === 'QUICK_REPLY' && buttons[i - 1]?.type !== 'QUICK_REPLY',
  ).length;
  const first = buttons[0]?.type === 'QUICK_REPLY';
  const last = buttons.at(-1)?.type === 'QUICK_REPLY';
  if (runs > 1 || (runs === 1 && !first && !last))
    issues.push({ message: MESSAGES.templateQuickRepliesTogether, path: ['buttons'] });
  buttons.forEach((button, i) => {
    if (button.type !== 'URL') return;
    const numbers = templateVariableNumbers(button.url);
    const variable = numbers?.length === 1 && numbers[0] === 1 && button.url.endsWith('{{1}}');
    if (numbers === null || numbers.length > 1 || (numbers.length === 1 && !variable))
      issues.push({ message: MESSAGES.templateUrlVariableAtEnd, path: ['buttons', i, 'url'] });
    else if (variable && !button.example)
      issues.push({ message: MESSAGES.templateExampleRequired('{{1}}'), path: ['buttons', i, 'example'] });
  });
  return issues;
}

/**
 * POST /bots/{bid}/meta-templates: a template as the form writes it; the server turns it into the Cloud API's
 * components. A text header only (media headers need Meta's upload session), body with numbered variables and
 * their examples, an optional footer and up to 10 buttons.
 */
export const templateCreateSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, MESSAGES.templateNameRequired)
      .max(512)
      .regex(/^[a-z0-9_]+$/, MESSAGES.templateNameFormat),
    category: z.enum(TEMPLATE_CATEGORIES, { error: MESSAGES.templateCategoryInvalid }),
    language: z.enum(LANGUAGE_CODES, { error: MESSAGES.templateLanguageInvalid }),
    header: z
      .strictObject({
        text: z
          .string()
          .trim()
          .min(1)
          .max(TEMPLATE_HEADER_MAX, `O cabeçalho tem no máximo ${TEMPLATE_HEADER_MAX} caracteres.`),
        example: example.optional(),
      })
      .nullable()
      .optional(),
    body: z.strictObject({
      text: z
        .string()
        .trim()
        .min(1, MESSAGES.templateBodyRequired)
        .max(TEMPLATE_BODY_MAX, `O corpo tem no máximo ${TEMPLATE_BODY_MAX} caracteres.`),
      examples: z.array(example).max(50).default([]),
    }),
    footer: z
      .string()
      .trim()
      .max(TEMPLATE_FOOTER_MAX, `O rodapé tem no máximo ${TEMPLATE_FOOTER_MAX} caracteres.`)
      .nullable()
      .optional(),
    buttons: z.array(templateButtonInputSchema).max(20).default([]),
  })
  .superRefine((t, ctx) => {
    const issues: Issue[] = [];
    if (t.category === 'AUTHENTICATION')
      issues.push({ message: MESSAGES.templateAuthenticationFixed, path: ['category'] });
    issues.push(...variableIssues(t.body.text, t.body.examples, ['body']));
    if (/^\{\{\d+\}\}|\{\{\d+\}\}$/.test(t.body.text))
      issues.push({ message: MESSAGES.templateBodyVariableAtEdge, path: ['body', 'text'] });
    if (t.header) {
      const numbers = templateVariableNumbers(t.header.text);
      if (numbers === null || numbers.length > 1 || (numbers.length === 1 && numbers[0] !== 1))
        issues.push({ message: MESSAGES.templateHeaderOneVariable, path: ['header', 'text'] });
      else
        issues.push(
          ...variableIssues(t.header.text, t.header.example ? [t.header.example] : [], ['header']).map(
            (issue) => ({ ...issue, path: issue.path.map((p) => (p === 'examples' ? 'example' : p)) }),
          ),
        );
    }
    if (t.footer && /\{\{/.test(t.footer))
      issues.push({ message: MESSAGES.templateFooterNoVariables, path: ['footer'] });
    issues.push(...buttonIssues(t.buttons));
    for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
  });
export type TemplateCreate = z.infer<typeof templateCreateSchema>;
export type TemplateCreateInput = z.input<typeof templateCreateSchema>;

/**
 * The form's template as the Cloud API's components: what is submitted to Meta, stored, previewed and later
 * filled by the chat.
 */
export function templateComponentsOf(template: TemplateCreate): TemplateComponent[] {
  const components: TemplateComponent[] = [];
  if (template.header) {
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: template.header.text,
      ...(template.header.example ? { example: { header_text: [template.header.example] } } : {}),
    });
  }
  components.push({
    type: 'BODY',
    text: template.body.text,
    ...(template.body.examples.length ? { example: { body_text: [template.body.examples] } } : {}),
  });
  if (template.footer) components.push({ type: 'FOOTER', text: template.footer });
  if (template.buttons.length) {
    components.push({
      type: 'BUTTONS',
      buttons: template.buttons.map((button) => {
        switch (button.type) {
          case 'URL':
            return {
              type: 'URL',
              text: button.text,
              url: button.url,
              ...(button.example ? { example: [button.example] } : {}),
            };
          case 'PHONE_NUMBER':
            return { type: 'PHONE_NUMBER', text: button.text, phone_number: button.phone_number };
          case 'COPY_CODE':
            return { type: 'COPY_CODE', text: 'Copiar código', example: [button.example] };
          default:
            return { type: 'QUICK_REPLY', text: button.text };
        }
      }),
    });
  }
  return components;
}
