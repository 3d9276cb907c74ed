import { describe, expect, it } from 'vitest';
import { fillBatchPlaceholders } from './batch-messages.ts';

const values = {
  user: 'Gustavo Gerente',
  campaign: 'Volta às aulas',
  name: 'Ana Lima',
  city: 'Campinas',
  product: 'Inglês',
  price: 'R$ 350,00',
};

describe('batch placeholders', () => {
  it('CHAT-063 user, campaign, name, city, product and price are filled with the card values', () => {
    expect(
      fillBatchPlaceholders(
        '{{name}} de {{city}}: {{product}} por {{price}} ({{campaign}}), {{ user }}',
        values,
      ),
    ).toBe('Ana Lima de Campinas: Inglês por R$ 350,00 (Volta às aulas), Gustavo Gerente');
  });

  it('CHAT-063 a value the card lacks becomes empty; other braces stay as written', () => {
    expect(fillBatchPlaceholders('Oi {{name}} {{1}} {{cliente}}', { ...values, name: null })).toBe(
      'Oi  {{1}} {{cliente}}',
    );
  });
});
