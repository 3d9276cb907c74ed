import type { TemplateValues } from './bots.queries.ts';

/**
 * The templates a sandbox bot offers: no account to sync from, so a small fixed pt-BR set lets the template
 * flow (preview, variables, header, buttons) work on a fresh install.
 */
export const SANDBOX_TEMPLATES: readonly TemplateValues[] = [
  {
    name: 'boas_vindas',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      {
        type: 'BODY',
        text: 'Olá, {{1}}! Que bom falar com você. Posso ajudar a escolher o melhor curso para você?',
      },
      { type: 'FOOTER', text: 'Responda para continuar a conversa' },
    ],
  },
  {
    name: 'lembrete_visita',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Lembrete da sua visita' },
      {
        type: 'BODY',
        text: 'Oi, {{1}}! Sua visita à escola está marcada para {{2}}. Estamos esperando por você.',
      },
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'URL',
            text: 'Ver endereço',
            url: 'https://maps.google.com/?q={{1}}',
            example: ['https://maps.google.com/?q=Escola'],
          },
        ],
      },
    ],
  },
  {
    name: 'cupom_matricula',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      {
        type: 'BODY',
        text: '{{1}}, garanta sua matrícula com desconto! Use o cupom abaixo até o fim do mês.',
      },
      { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', text: 'Copiar cupom', example: ['MATRICULA10'] }] },
    ],
  },
];
