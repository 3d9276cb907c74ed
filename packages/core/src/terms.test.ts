import { describe, expect, it } from 'vitest';
import { DEFAULT_TERMS, partialTermsSchema, RECRUITING_TERMS, resolveTerms, termsSchema } from './terms.ts';

describe('tenant terms', () => {
  it('PLAT-021 PLAT-022 PLAT-023 PLAT-024 PLAT-025 PLAT-134 defaults are Ganho, Perdido, um produto, Valor de venda, Matriculado, Atendente', () => {
    expect(DEFAULT_TERMS).toEqual({
      won_term: 'Ganho',
      lost_term: 'Perdido',
      product_term: 'um produto',
      price_term: 'Valor de venda',
      concluded_term: 'Matriculado',
      sales_rep_term: 'Atendente',
    });
    expect(Object.isFrozen(DEFAULT_TERMS)).toBe(true);
  });

  it('OPP-001 resolveTerms applies the tenant terms over the defaults', () => {
    expect(resolveTerms({ concluded_term: 'Fechado', price_term: 'Valor' })).toEqual({
      ...DEFAULT_TERMS,
      concluded_term: 'Fechado',
      price_term: 'Valor',
    });
  });

  it('OPP-001 missing, null or blank terms keep the defaults', () => {
    expect(resolveTerms(undefined)).toEqual(DEFAULT_TERMS);
    expect(resolveTerms(null)).toEqual(DEFAULT_TERMS);
    expect(resolveTerms({ won_term: '  ', lost_term: null })).toEqual(DEFAULT_TERMS);
    expect(resolveTerms({ won_term: ' Contratado ' }).won_term).toBe('Contratado');
  });

  it('OPP-001 resolving returns a new object and leaves the defaults untouched', () => {
    const terms = resolveTerms({});
    terms.won_term = 'Outro';
    expect(DEFAULT_TERMS.won_term).toBe('Ganho');
  });

  it('PLAT-021 PLAT-022 PLAT-023 PLAT-024 the recruiting vocabulary', () => {
    expect(resolveTerms(RECRUITING_TERMS)).toEqual({
      ...DEFAULT_TERMS,
      won_term: 'Contratado',
      lost_term: 'Não Contratado',
      product_term: 'o cargo',
      price_term: 'Remuneração',
    });
  });

  it('OPP-001 the terms schema refuses unknown keys and empty terms', () => {
    expect(termsSchema.safeParse(DEFAULT_TERMS).success).toBe(true);
    expect(partialTermsSchema.safeParse({ won_term: 'Contratado' }).success).toBe(true);
    expect(partialTermsSchema.safeParse({ won_term: '' }).success).toBe(false);
    expect(partialTermsSchema.safeParse({ other_term: 'x' }).success).toBe(false);
  });
});
