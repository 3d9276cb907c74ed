import { DEFAULT_TERMS, RECRUITING_TERMS, resolveTerms } from '@vendaval/core/terms';
import { describe, expect, it } from 'vitest';
import { guideSteps } from './guide-steps.ts';

const textOf = (steps: ReturnType<typeof guideSteps>) =>
  steps.flatMap((s) => [s.title, ...s.points]).join('\n');

describe('the guide', () => {
  it('PLAT-060 walks through the main screens, each with the path it opens', () => {
    const steps = guideSteps(DEFAULT_TERMS, 'Vendaval CRM');
    expect(steps[0]?.title).toBe('Boas-vindas ao Vendaval CRM');
    expect(steps.map((s) => s.path).filter(Boolean)).toEqual([
      '/',
      '/omnichannel',
      '/calendar',
      '/contacts',
      '/dashboard',
    ]);
  });

  it('PLAT-060 speaks the brand’s vocabulary: a recruiting brand reads Contratado, o cargo, Remuneração', () => {
    const text = textOf(guideSteps(resolveTerms(RECRUITING_TERMS), 'Vendaval Talentos'));
    expect(text).toContain('Contratado ou Não Contratado');
    expect(text).toContain('o cargo de interesse');
    expect(text).toContain('remuneração');
    expect(text).not.toContain('Ganho');
    const school = textOf(guideSteps(resolveTerms({ sales_rep_term: 'Orientadora' }), 'Rede Saber'));
    expect(school).toContain('cada orientadora');
  });
});
