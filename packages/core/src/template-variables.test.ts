import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import {
  fillPlaceholders,
  fillTemplate,
  missingVariables,
  templateMessageTexts,
  unknownVariables,
} from './template-variables.ts';

const values = {
  user: 'Gustavo Gerente',
  campaign: 'Volta às aulas',
  name: 'Ana Lima',
  city: 'Campinas',
  product: 'Inglês',
  price: 'R$ 350,00',
};

describe('template variables', () => {
  it('CHAT-063 user, campaign, name, city, product and price are filled with the card values', () => {
    expect(
      fillPlaceholders('{{name}} de {{city}}: {{product}} por {{price}} ({{campaign}}), {{ user }}', values),
    ).toBe('Ana Lima de Campinas: Inglês por R$ 350,00 (Volta às aulas), Gustavo Gerente');
  });

  it('CHAT-062 a dictionary variable typed by hand is filled like the one the picker writes', () => {
    expect(
      fillPlaceholders(
        'Olá, {{cliente}} de {{ Cidade }}: {{produto}} por {{valor_produto}} ({{campanha}}), {{atendente}}',
        values,
      ),
    ).toBe('Olá, Ana Lima de Campinas: Inglês por R$ 350,00 (Volta às aulas), Gustavo Gerente');
  });

  it('a value the card lacks becomes empty (or stays, when asked); unknown names stay as written', () => {
    const lacking = { ...values, name: null };
    expect(fillPlaceholders('Oi {{cliente}} {{1}} {{nome}}', lacking)).toBe('Oi  {{1}} {{nome}}');
    expect(fillPlaceholders('Oi {{cliente}}', lacking, { keepMissing: true })).toBe('Oi {{cliente}}');
    expect(missingVariables(['Oi {{cliente}} e {{name}}', '{{cidade}}'], lacking)).toEqual([
      '{{cliente}}',
      '{{name}}',
    ]);
  });

  it('a batch message sends no raw placeholder: an unknown variable is found, named as written', () => {
    expect(unknownVariables(['Olá, {{cliente}}!', 'Oi {{nome}} {{ 1 }}', undefined, 'de {{nome}}'])).toEqual([
      '{{nome}}',
      '{{ 1 }}',
    ]);
    expect(unknownVariables(['{{name}}, {{CLIENTE}}, sem variável'])).toEqual([]);
    expect(MESSAGES.unknownTemplateVariable('{{nome}}')).toBe(
      'A variável {{nome}} não existe. Use uma destas: {{atendente}}, {{campanha}}, {{cliente}}, {{cidade}}, {{produto}}, {{valor_produto}}.',
    );
  });

  it('a template is sent with its text parameters filled, an empty one as "-"', () => {
    const template = {
      name: 'boas_vindas',
      language: 'pt_BR',
      components: [
        {
          type: 'body' as const,
          parameters: [
            { type: 'text' as const, text: '{{cliente}}' },
            { type: 'text' as const, text: '{{cidade}}' },
          ],
        },
      ],
    };
    expect(fillTemplate(template, { ...values, city: null }).components[0]?.parameters).toEqual([
      { type: 'text', text: 'Ana Lima' },
      { type: 'text', text: '-' },
    ]);
  });
});

describe('templateMessageTexts', () => {
  it('reads a template as the contact does: its numbered placeholders take the send’s text parameters', () => {
    const template = {
      components: [
        { type: 'HEADER' as const, format: 'TEXT' as const, text: 'Oi, {{1}}' },
        { type: 'BODY' as const, text: 'Olá, {{1}}! Sua visita é {{2}}.' },
        { type: 'FOOTER' as const, text: 'Responda para continuar' },
      ],
    };
    const sent = {
      name: 'lembrete',
      language: 'pt_BR',
      components: [
        { type: 'header' as const, parameters: [{ type: 'text' as const, text: 'Joana' }] },
        {
          type: 'body' as const,
          parameters: [
            { type: 'text' as const, text: 'Joana' },
            { type: 'text' as const, text: 'amanhã' },
          ],
        },
      ],
    };
    expect(templateMessageTexts(template, sent)).toEqual({
      header: 'Oi, Joana',
      body: 'Olá, Joana! Sua visita é amanhã.',
      footer: 'Responda para continuar',
    });
    expect(templateMessageTexts({ components: [] }, sent)).toEqual({
      header: null,
      body: null,
      footer: null,
    });
  });
});
