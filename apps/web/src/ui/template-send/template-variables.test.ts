import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { fillNumbered } from '@vendaval/core/template-variables';
import { describe, expect, it } from 'vitest';
import { fillVariables, placeholdersOf, variableValues } from './template-variables.ts';

describe('template variables', () => {
  it('CHAT-058 CHAT-062 the dictionary takes the card values; missing ones stay as written', () => {
    const card = {
      user: { id: 7, name: 'Ana Souza' },
      campaign: null,
      contact: { name: 'Maria Oliveira', city_name: 'São Paulo' },
      product: { id: 11, name: 'Curso de Inglês', price: 349.5 },
      price: 349.5,
    } as unknown as Opportunity;
    const values = variableValues(card, 'Outra Pessoa');
    expect(values).toEqual({
      atendente: 'Ana Souza',
      campanha: null,
      cliente: 'Maria Oliveira',
      cidade: 'São Paulo',
      produto: 'Curso de Inglês',
      valor_produto: expect.stringMatching(/^R\$\s349,50$/),
    });
    expect(fillVariables('{{cliente}} de {{cidade}} via {{campanha}}', values)).toBe(
      'Maria Oliveira de São Paulo via {{campanha}}',
    );
  });

  it('CHAT-067 numbered placeholders are found once each, in order, and filled where given', () => {
    expect(placeholdersOf('{{2}} e {{1}} e {{2}}')).toEqual([1, 2]);
    expect(fillNumbered('Olá {{1}}, {{2}}', { 1: 'Maria' })).toBe('Olá Maria, {{2}}');
  });
});
