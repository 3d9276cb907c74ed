import { API_ROLE_OPERATIONS } from '@vendaval/core/permissions';
import { ROLE_LABELS } from '@vendaval/core/roles';
import { errorResponseSchema } from '@vendaval/core/schemas/common';
import { z } from 'zod';
import { OPERATION_EXAMPLES } from './examples.ts';
import { OPERATION_DOCS } from './operations.ts';
import { WEBHOOK_DOCS } from './webhook-docs.ts';

const API_PREFIX = '/api/v1';
const WORKSPACE_PATH = `${API_PREFIX}/workspaces/{workspaceId}`;
const ERROR_REF = { $ref: '#/components/schemas/Erro' };
const JSON_TYPE = 'application/json';

type Json = Record<string, unknown>;
interface Operation extends Json {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, Json> };
  responses?: Record<string, Json>;
  security?: unknown[];
}
interface Document extends Json {
  info: Json;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Json; securitySchemes?: Json };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Dados inválidos: `errors` aponta cada campo recusado e o motivo.',
  401: 'Token ausente, inválido, expirado ou revogado (a chave de uma integração revogada ou renovada também).',
  403: 'O papel de quem chama — ou o papel de API da integração — não permite esta operação.',
  404: 'Não encontrado. Também quando o recurso (ou o workspace) é de outro workspace ou de outra plataforma.',
  409: 'Conflito com o estado atual do recurso; `message` explica o motivo.',
  410: 'O link ou o arquivo já foi usado ou expirou.',
  413: 'O corpo da requisição ou o arquivo passa do tamanho máximo.',
  415: 'Tipo de arquivo não aceito: o conteúdo enviado não é de um formato permitido.',
  429: 'Limite de chamadas atingido: aguarde os segundos do cabeçalho `Retry-After`.',
};

/** The tags in the order the docs page lists them: what integrators use most first. */
const TAGS: Record<string, string> = {
  opportunities: 'Oportunidades (cards do funil) e seu histórico',
  contacts: 'Contatos',
  tasks: 'Tarefas das oportunidades',
  calls: 'Telefone: filas de ligações sobre os cards do quadro, ligações avulsas e seus registros',
  contracts: 'Matrículas das oportunidades: cobranças Pix ou boleto e o status do pagamento',
  planning: 'Planejamento comercial da unidade: metas por mês, funil, plano de mídia, ações 5W2H e etapas',
  chat: 'Conversas e mensagens do chat omnichannel',
  webhooks: 'Webhooks enviados: eventos assinados para endereços externos',
  automations: 'Automações: rascunho, versões publicadas imutáveis, log de execuções e previsão',
  'api-clients': 'Integrações: tokens de API com um papel de API, criados por administradores',
  catalog: 'Listas administrativas: etapas do funil, etiquetas, campanhas, mídias, produtos…',
  users: 'Pessoas e papéis',
  workspaces: 'Workspaces e suas configurações',
  auth: 'Entrar, sair e redefinir a senha',
  invitations: 'Convites para o workspace',
  dashboards: 'Painéis e indicadores',
  exports: 'Exportações em CSV e XLSX',
  forms: 'Formulários de marketing e o envio público das respostas',
  bots: 'Canais de chat e funcionários digitais',
  'batch-messages': 'Disparos de mensagens em massa',
  channels: 'Webhooks recebidos dos canais (WhatsApp Cloud API)',
  realtime: 'Eventos em tempo real (Server-Sent Events)',
  notifications: 'Notificações de cada pessoa, suas preferências e o Web Push',
  simulator: 'Simulador de cliente do canal sandbox',
  platform: 'Marca da plataforma (white-label)',
  news: 'Avisos da plataforma exibidos a todas as pessoas',
};

const roleLines = () =>
  Object.entries(API_ROLE_OPERATIONS)
    .map(
      ([role, operations]) =>
        `- **${role}** (${ROLE_LABELS[role as keyof typeof ROLE_LABELS]}): ${operations.map((o) => `\`${o}\``).join(', ')}`,
    )
    .join('\n');

const INTRO = `API REST em JSON. Toda resposta de sucesso é 200; erros trazem \`{ status, message, errors? }\` (esquema \`Erro\`).
Listas aceitam \`limit\` (até 500) e \`offset\` e respondem \`{ data, pagination }\`.

## Autenticação
- **Pessoas**: \`POST /api/v1/auth/token\` devolve \`access_token\`; envie \`Authorization: Bearer <token>\`.
- **Integrações**: um administrador cria a integração em *Integrar* (ou \`POST /workspaces/{workspaceId}/api-clients\`)
  e recebe a chave \`vdv_…\` uma única vez. Envie \`Authorization: Bearer vdv_…\`. A integração pertence a um workspace
  e age com um papel de API; renovar ou revogar a chave vale na hora. Cada integração tem seu limite de chamadas por minuto (429).

## Papéis de API e o que cada um pode chamar (caminhos sob \`/workspaces/{workspaceId}\`)
`;

/** The document as integrators read it: pt-BR summaries, error answers, examples, webhook payloads, the roles. */
export function finishDocument<T extends object>(given: T): T {
  const document = given as unknown as Document;
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) describeOperation(path, method, operation);
  document.paths = inDocsOrder(document.paths);
  document.info = {
    ...document.info,
    description: `${INTRO}${roleLines()}\n\n${WEBHOOK_DOCS.description}`,
  };
  document.tags = Object.entries(TAGS).map(([name, description]) => ({ name, description }));
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      Erro: {
        ...z.toJSONSchema(errorResponseSchema, { target: 'openapi-3.0' }),
        example: {
          status: 400,
          message: 'Dados inválidos.',
          errors: [{ field: 'name', description: 'Informe o nome.' }],
        },
      },
      ...WEBHOOK_DOCS.schemas,
    },
  };
  return given;
}

const DOCS_ORDER = new Map<string, number>();
for (const key of Object.keys(OPERATION_DOCS)) {
  const path = key.slice(key.indexOf(' ') + 1);
  if (!DOCS_ORDER.has(path)) DOCS_ORDER.set(path, DOCS_ORDER.size);
}

/** Paths in the order operations.ts lists them, so each tag opens with what integrators use most (the page
 * virtualises a long list: only its first operations are on screen). */
function inDocsOrder(paths: Document['paths']): Document['paths'] {
  const rank = (path: string) => DOCS_ORDER.get(path.slice(API_PREFIX.length)) ?? Number.MAX_SAFE_INTEGER;
  return Object.fromEntries(Object.entries(paths).sort(([a], [b]) => rank(a) - rank(b)));
}

function describeOperation(path: string, method: string, operation: Operation) {
  const key = `${method.toUpperCase()} ${path.slice(API_PREFIX.length)}`;
  const doc = OPERATION_DOCS[key];
  if (doc) {
    operation.summary = doc.summary;
    if (doc.description) operation.description = doc.description;
  }
  declarePathParameters(path, operation);
  operation.responses ??= {};
  const responses = operation.responses;
  for (const status of errorStatuses(path, operation, doc?.errors ?? []))
    responses[status] ??= {
      description: ERROR_DESCRIPTIONS[status],
      content: { [JSON_TYPE]: { schema: ERROR_REF } },
    };
  addExamples(key, operation);
}

const WORKSPACE_ID_SCHEMA = { type: 'integer', minimum: 1 };

/** Every `{name}` of the path is a declared parameter; the workspace is the integer id every workspace route takes. */
function declarePathParameters(path: string, operation: Operation) {
  operation.parameters ??= [];
  const inPath = operation.parameters.filter((p) => p.in === 'path');
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    if (!name) continue;
    const declared = inPath.find((p) => p.name === name) as (Json & { schema?: Json }) | undefined;
    if (declared && name === 'workspaceId') declared.schema = WORKSPACE_ID_SCHEMA;
    if (declared) continue;
    const schema = name === 'workspaceId' ? WORKSPACE_ID_SCHEMA : { type: 'string' };
    operation.parameters.unshift({ in: 'path', name, required: true, schema } as never);
  }
}

/** The error answers that apply: from what the operation takes, who may call it, and what its doc adds. */
function errorStatuses(path: string, operation: Operation, extra: number[]): number[] {
  const statuses = new Set(extra);
  if (operation.requestBody || operation.parameters?.length) statuses.add(400);
  if (operation.security?.length) statuses.add(401);
  const platforms = `${API_PREFIX}/platforms`;
  if (path.startsWith(WORKSPACE_PATH) || path.startsWith(`${platforms}/`) || path === platforms)
    statuses.add(403);
  // The operator's routes exist on the product's own host only.
  if (path.includes('{') || path === platforms) statuses.add(404);
  if (operation.requestBody) statuses.add(413);
  // Integrations call workspace routes within their own limit per minute.
  if (path.startsWith(WORKSPACE_PATH)) statuses.add(429);
  return [...statuses].sort();
}

function addExamples(key: string, operation: Operation) {
  const examples = OPERATION_EXAMPLES[key];
  if (!examples) return;
  const request = operation.requestBody?.content?.[JSON_TYPE];
  if (examples.request && request) request.example = examples.request;
  const response = (operation.responses?.['200'] as { content?: Record<string, Json> } | undefined)
    ?.content?.[JSON_TYPE];
  if (examples.response && response) response.example = examples.response;
}
