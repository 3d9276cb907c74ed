import { describe, expect, it } from 'vitest';
import { cardFixture } from './chat-test-support.tsx';
import { fillNumbered, fillVariables, placeholdersOf, variableValues } from './template-variables.ts';

describe('template variables', () => {
  it('CHAT-058 CHAT-062 the dictionary takes the card values; missing ones stay as written', () => {
    const values = variableValues(cardFixture(), 'Outra Pessoa');
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
