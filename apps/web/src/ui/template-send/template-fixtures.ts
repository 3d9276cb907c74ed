import type { MessageTemplate } from '@vendaval/core/schemas/chat';

/** A template with every kind of variable: a text header, two body values, a coupon and a URL button. */
export function templateFixture(overrides: Partial<MessageTemplate> = {}): MessageTemplate {
  return {
    name: 'boas_vindas',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    bot_id: 4,
    bot_name: 'Oficial',
    rejected_reason: null,
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Olá {{1}}' },
      { type: 'BODY', text: 'Seu curso {{1}} custa {{2}}.' },
      { type: 'FOOTER', text: 'Equipe Vendaval' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'COPY_CODE', text: 'Copiar cupom' },
          { type: 'URL', text: 'Ver site', url: 'https://exemplo.com.br/{{1}}' },
        ],
      },
    ],
    ...overrides,
  };
}
