import { z } from 'zod';

/** Tenant vocabulary shown wherever the UI says Won, Lost, product, price, concluded or sales rep. */
export type Terms = {
  won_term: string;
  lost_term: string;
  product_term: string;
  price_term: string;
  concluded_term: string;
  sales_rep_term: string;
};

export const TERM_KEYS = [
  'won_term',
  'lost_term',
  'product_term',
  'price_term',
  'concluded_term',
  'sales_rep_term',
] as const satisfies readonly (keyof Terms)[];

export const DEFAULT_TERMS: Readonly<Terms> = Object.freeze({
  won_term: 'Ganho',
  lost_term: 'Perdido',
  product_term: 'um produto',
  price_term: 'Valor de venda',
  concluded_term: 'Matriculado',
  sales_rep_term: 'Atendente',
});

/** The recruiting profile's vocabulary; the other terms keep their defaults. */
export const RECRUITING_TERMS: Readonly<Partial<Terms>> = Object.freeze({
  won_term: 'Contratado',
  lost_term: 'Não Contratado',
  product_term: 'o cargo',
  price_term: 'Remuneração',
});

const term = z.string().trim().min(1).max(60);

/** Terms a tenant may override; unknown keys are refused. */
export const termsSchema = z.strictObject({
  won_term: term,
  lost_term: term,
  product_term: term,
  price_term: term,
  concluded_term: term,
  sales_rep_term: term,
});
export const partialTermsSchema = termsSchema.partial();

/** Defaults completed by the tenant's terms; missing or blank terms keep the default. */
export function resolveTerms(
  partial?: Partial<Record<keyof Terms, string | null | undefined>> | null,
): Terms {
  const terms = { ...DEFAULT_TERMS };
  for (const key of TERM_KEYS) {
    const value = partial?.[key]?.trim();
    if (value) terms[key] = value;
  }
  return terms;
}
