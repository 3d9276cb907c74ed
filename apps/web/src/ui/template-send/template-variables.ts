import { TEMPLATE_VARIABLES, type TemplateVariable } from '@vendaval/core/constants';
import { formatBRL } from '@vendaval/core/format';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import {
  type BatchPlaceholderValues,
  fillPlaceholders,
  PLACEHOLDER_OF_VARIABLE,
} from '@vendaval/core/template-variables';

export type VariableValues = Record<TemplateVariable, string | null>;

/** The dictionary's labels, as the user picks them. */
export const VARIABLE_LABELS: Record<TemplateVariable, string> = {
  atendente: 'Atendente',
  campanha: 'Campanha',
  cliente: 'Cliente',
  cidade: 'Cidade',
  produto: 'Produto',
  valor_produto: 'Valor do produto',
};

/** In batch messaging a variable stays a placeholder, filled per card when sent (CHAT-063). */
export const batchPlaceholder = (variable: TemplateVariable) => `{{${PLACEHOLDER_OF_VARIABLE[variable]}}}`;

/** The card's values by the placeholder each variable stands for, as the shared fill reads them. */
export const placeholderValuesOf = (values: VariableValues): BatchPlaceholderValues =>
  Object.fromEntries(
    TEMPLATE_VARIABLES.map((variable) => [PLACEHOLDER_OF_VARIABLE[variable], values[variable]]),
  ) as BatchPlaceholderValues;

/** The card's values of the dictionary (CHAT-062); null where the card lacks the information. */
export function variableValues(opportunity: Opportunity, attendant: string | null): VariableValues {
  const price = opportunity.price || opportunity.product?.price || null;
  return {
    atendente: opportunity.user?.name ?? attendant,
    campanha: opportunity.campaign?.name ?? null,
    cliente: opportunity.contact?.name ?? null,
    cidade: opportunity.contact?.city_name ?? null,
    produto: opportunity.product?.name ?? null,
    valor_produto: price ? formatBRL(price) : null,
  };
}

/** A quick answer's text with {{atendente}} and the others replaced by the card's values (CHAT-058). */
export function fillVariables(text: string, values: VariableValues): string {
  return fillPlaceholders(text, placeholderValuesOf(values), { keepMissing: true });
}

/** The numbered placeholders of a template text, in order and each once: {{1}}, {{2}}… (CHAT-067). */
export function placeholdersOf(text: string | undefined): number[] {
  const found = new Set<number>();
  for (const match of (text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)) found.add(Number(match[1]));
  return [...found].sort((a, b) => a - b);
}
