import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
} from '@vendaval/core/schemas/webhooks';
import { TASK_EXAMPLE } from './examples.ts';

// The events webhooks send, as named schemas of the document, and how a receiver checks their signature.

const integer = { type: 'integer' };
const nullableInteger = { type: 'integer', nullable: true };

const opportunityData = {
  type: 'object',
  required: ['opportunity_id', 'user_id', 'owner_id', 'changes'],
  properties: {
    opportunity_id: integer,
    user_id: {
      ...nullableInteger,
      description: 'Quem fez a mudança (pessoa ou integração); nulo para o sistema.',
    },
    owner_id: { ...nullableInteger, description: 'O responsável pela oportunidade depois da mudança.' },
    previous_owner_id: { ...nullableInteger, description: 'O responsável anterior, quando mudou.' },
    changes: {
      type: 'array',
      description: 'As entradas do histórico que a mudança gravou.',
      items: {
        type: 'object',
        required: ['type', 'data'],
        properties: { type: { type: 'string' }, data: { type: 'object', additionalProperties: true } },
      },
    },
  },
};

const transferData = {
  type: 'object',
  required: [
    'opportunity_id',
    'responsible_id',
    'sales_stage_id',
    'user_id',
    'from_workspace_id',
    'to_workspace_id',
  ],
  properties: {
    opportunity_id: integer,
    responsible_id: integer,
    sales_stage_id: integer,
    user_id: nullableInteger,
    from_workspace_id: integer,
    to_workspace_id: integer,
  },
};

const taskData = {
  type: 'object',
  required: ['task'],
  properties: {
    task: {
      type: 'object',
      description:
        'A tarefa como `GET /workspaces/{workspaceId}/tasks/{id}` a responde (excluída: como era).',
      additionalProperties: true,
    },
  },
};

const contractData = {
  type: 'object',
  required: ['contract_id', 'opportunity_id', 'payment_status', 'user_id', 'owner_id'],
  properties: {
    contract_id: integer,
    opportunity_id: integer,
    payment_status: { type: 'string', enum: ['Pending', 'Succeeded', 'Canceled'] },
    from: { type: 'string', description: 'O status de pagamento anterior, quando mudou.' },
    enrollment_fee: { type: 'number' },
    payment_due_date: { type: 'string', format: 'date' },
    billing_type: { type: 'string', enum: ['PIX', 'BOLETO'] },
    user_id: {
      ...nullableInteger,
      description: 'Quem fez a mudança; nulo quando foi o provedor de pagamento.',
    },
    owner_id: { ...nullableInteger, description: 'O responsável pela oportunidade.' },
  },
};

const DATA: Record<WebhookEvent, { schema: object; example: object }> = {
  'opportunity.created': {
    schema: opportunityData,
    example: {
      opportunity_id: 1287,
      user_id: 31,
      owner_id: 4,
      changes: [{ type: 'OpportunityCreated', data: { sales_stage_name: 'Novo lead' } }],
    },
  },
  'opportunity.updated': {
    schema: opportunityData,
    example: {
      opportunity_id: 1287,
      user_id: 4,
      owner_id: 4,
      changes: [{ type: 'OpportunityPriceUpdated', data: { from_price: 1250.5, to_price: 1490 } }],
    },
  },
  'opportunity.won': {
    schema: opportunityData,
    example: {
      opportunity_id: 1287,
      user_id: 4,
      owner_id: 4,
      changes: [{ type: 'OpportunityClosedWon', data: { sales_stage_name: 'Matriculado' } }],
    },
  },
  'opportunity.lost': {
    schema: opportunityData,
    example: {
      opportunity_id: 1287,
      user_id: 4,
      owner_id: 4,
      changes: [
        {
          type: 'OpportunityClosedLost',
          data: { sales_stage_name: 'Perdido', closed_type: 'Preço', closed_description: null },
        },
      ],
    },
  },
  'opportunity.transferred': {
    schema: transferData,
    example: {
      opportunity_id: 1287,
      responsible_id: 9,
      sales_stage_id: 14,
      user_id: 4,
      from_workspace_id: 1,
      to_workspace_id: 2,
    },
  },
  'task.created': { schema: taskData, example: { task: TASK_EXAMPLE } },
  'task.updated': {
    schema: taskData,
    example: { task: { ...TASK_EXAMPLE, start_timestamp: '2026-03-11 09:00' } },
  },
  'task.completed': {
    schema: taskData,
    example: { task: { ...TASK_EXAMPLE, status: 'Done', ended_at: '2026-03-10 14:42' } },
  },
  'task.deleted': { schema: taskData, example: { task: TASK_EXAMPLE } },
  'contract.created': {
    schema: contractData,
    example: {
      contract_id: 52,
      opportunity_id: 1287,
      payment_status: 'Pending',
      enrollment_fee: 350,
      payment_due_date: '2026-03-20',
      billing_type: 'PIX',
      user_id: 4,
      owner_id: 4,
    },
  },
  'contract.updated': {
    schema: contractData,
    example: {
      contract_id: 52,
      opportunity_id: 1287,
      from: 'Pending',
      payment_status: 'Succeeded',
      user_id: null,
      owner_id: 4,
    },
  },
};

/** `opportunity.won` → `WebhookOpportunityWon`. */
export const webhookSchemaName = (event: WebhookEvent) =>
  `Webhook${event
    .split('.')
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('')}`;

function eventSchema(event: WebhookEvent) {
  const { schema, example } = DATA[event];
  return {
    type: 'object',
    description: `Enviado em "${WEBHOOK_EVENT_LABELS[event]}" (evento \`${event}\`), por POST ao endereço do webhook.`,
    required: ['event', 'occurred_at', 'workspace_id', 'data'],
    properties: {
      event: { type: 'string', enum: [event] },
      occurred_at: { type: 'string', format: 'date-time' },
      workspace_id: integer,
      data: schema,
    },
    example: { event, occurred_at: '2026-03-09T13:05:12.345Z', workspace_id: 1, data: example },
  };
}

const DESCRIPTION = `## Webhooks enviados
Cada webhook recebe, por \`POST\` em JSON, os eventos que assinou; o corpo de cada evento está no esquema
\`Webhook…\` correspondente (${WEBHOOK_EVENTS.map((e) => `\`${webhookSchemaName(e)}\``).join(', ')}).
Cabeçalhos: \`x-vendaval-event\` (o evento), \`x-vendaval-delivery\` (o id da entrega; repetido em novas tentativas)
e \`${WEBHOOK_SIGNATURE_HEADER}\` com a assinatura \`t=<segundos unix>,v1=<hex>\`.

**Como verificar a assinatura**: separe \`t\` e \`v1\`; calcule HMAC-SHA256, com o segredo do webhook como chave,
sobre \`<t>.<corpo bruto>\` (o valor de \`t\`, um ponto e o corpo exatamente como chegou); compare em tempo constante
com \`v1\` (hexadecimal) e recuse \`t\` com mais de 5 minutos de diferença do seu relógio. Exemplo em Node.js:

\`\`\`js
const [t, v1] = header.split(',').map((part) => part.split('=')[1]);
const expected = crypto.createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
const valid = crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(v1)) && Math.abs(Date.now() / 1000 - Number(t)) < 300;
\`\`\`

Responda 2xx para confirmar; outras respostas são tentadas de novo com espera crescente.`;

export const WEBHOOK_DOCS = {
  description: DESCRIPTION,
  schemas: Object.fromEntries(WEBHOOK_EVENTS.map((event) => [webhookSchemaName(event), eventSchema(event)])),
};
