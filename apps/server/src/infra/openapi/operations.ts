/**
 * What each operation of the API is for, in pt-BR, as the document shows it: keyed by `METHOD path` (the path
 * as in the document, after /api/v1). `errors` names the answers the generic rules cannot see (409 conflicts,
 * 410 used links, 413 uploads, 429 limits of the sign-in routes). A test fails when an operation has none.
 */
export interface OperationDoc {
  summary: string;
  description?: string;
  errors?: number[];
}

type Gender = 'a' | 'o';
/** The admin lists, by path: plural, singular and the article their nouns take. */
const LISTS: Record<string, [plural: string, singular: string, gender: Gender]> = {
  tags: ['etiquetas', 'etiqueta', 'a'],
  campaigns: ['campanhas', 'campanha', 'a'],
  medias: ['mídias (origens de marketing)', 'mídia', 'a'],
  products: ['produtos', 'produto', 'o'],
  objections: ['objeções (motivos de perda)', 'objeção', 'a'],
  'interaction-types': ['tipos de interação', 'tipo de interação', 'o'],
  'task-types': ['tipos de tarefa', 'tipo de tarefa', 'o'],
  'opportunity-types': ['tipos de oportunidade', 'tipo de oportunidade', 'o'],
  'quick-answers': ['respostas rápidas do chat', 'resposta rápida', 'a'],
};

function listOperations(): Record<string, OperationDoc> {
  const docs: Record<string, OperationDoc> = {};
  for (const [path, [plural, singular, gender]] of Object.entries(LISTS)) {
    const base = `/workspaces/{workspaceId}/${path}`;
    const one = gender === 'a' ? 'uma' : 'um';
    docs[`GET ${base}`] = { summary: `Lista ${gender}s ${plural} do workspace` };
    docs[`POST ${base}`] = {
      summary: `Cria ${one} ${singular}`,
      description: 'Apenas administradores. Nomes repetidos na mesma lista são recusados.',
      errors: [409],
    };
    docs[`PUT ${base}/{id}`] = { summary: `Altera ${one} ${singular}`, errors: [409] };
    docs[`DELETE ${base}/{id}`] = {
      summary: `Exclui ${one} ${singular}`,
      description: 'Recusado (409) enquanto oportunidades ou tarefas ainda usam o item.',
      errors: [409],
    };
    docs[`POST ${base}/batch`] = {
      summary: `Cria várias ${gender === 'a' ? 'delas' : 'deles'} de uma vez (${plural})`,
      errors: [409],
    };
  }
  docs['GET /workspaces/{workspaceId}/products/{id}'] = { summary: 'Consulta um produto' };
  const productFields =
    'Além de nome e preço, a categoria (`category`: enrollment = matrícula, courseware = material didático, other = outro; padrão other) e a modalidade (`modality`: on_site = presencial, remote = a distância/EAD; padrão on_site), que o planejamento usa para separar o realizado.';
  for (const op of ['GET', 'POST'] as const) {
    const key = `${op} /workspaces/{workspaceId}/products`;
    const doc = docs[key] as OperationDoc;
    docs[key] = { ...doc, description: [doc.description, productFields].filter(Boolean).join(' ') };
  }
  const put = 'PUT /workspaces/{workspaceId}/products/{id}';
  docs[put] = { ...(docs[put] as OperationDoc), description: productFields };
  return docs;
}

const DASHBOARDS: Record<string, string> = {
  'summary-dashboards/overall': 'Resumo geral do período: oportunidades, ganhos, perdas e valores',
  'summary-dashboards/omnichannel': 'Resumo do atendimento no chat (conversas, tempos de resposta)',
  'summary-dashboards/imbot': 'Resumo dos robôs de atendimento (funcionários digitais)',
  'summary-dashboards/tpo': 'Tempo de primeira resposta e de atendimento no período',
  'summary-dashboards/voip':
    'Resumo das ligações encerradas iniciadas no período (pelo responsável do filtro): total, atendidas (mais de 15 s de conversa), não atendidas, duração média das atendidas e as conversas por duração',
  'dashboards/sales-stage': 'Oportunidades por etapa do funil',
  'dashboards/state-type': 'Oportunidades por situação (aberta, ganha, perdida)',
  'dashboards/campaign': 'Oportunidades por campanha',
  'dashboards/media': 'Oportunidades por mídia de origem',
  'dashboards/closed-type': 'Oportunidades fechadas por motivo',
  'dashboards/user': 'Oportunidades por responsável',
  'dashboards/source-type': 'Oportunidades por canal de entrada',
  'dashboards/probability': 'Oportunidades por probabilidade de fechamento',
  'dashboards/product': 'Oportunidades e valores por produto',
  'dashboards/task-scheduled': 'Tarefas agendadas, concluídas e atrasadas',
  'dashboards/sales-rep': 'Desempenho de cada atendente',
  'dashboards/service-trails': 'Trilhas de atendimento: por onde as oportunidades passaram',
  'dashboards/digital-employee-stats': 'Números de cada funcionário digital',
  'dashboards/{id}': 'Um painel pelo seu identificador',
  'digital-employees/dashboard/opportunities': 'Oportunidades criadas pelos funcionários digitais',
  'commercial/dashboards/workspaces': 'Comparativo comercial entre os workspaces da plataforma',
};

function dashboardOperations(): Record<string, OperationDoc> {
  return Object.fromEntries(
    Object.entries(DASHBOARDS).map(([path, summary]) => [
      `GET /workspaces/{workspaceId}/${path}`,
      { summary, description: 'Filtros por período, responsável e etapa na query; gestores veem todos.' },
    ]),
  );
}

const W = '/workspaces/{workspaceId}';

export const OPERATION_DOCS: Readonly<Record<string, OperationDoc>> = {
  // platform
  'GET /platform': {
    summary: 'Perfil da marca do endereço chamado (público)',
    description:
      'Nome, paleta, logotipos, textos, termos e opções da plataforma escolhida pelo host da requisição. ' +
      'A resposta traz um ETag: com If-None-Match igual a ele, a plataforma inalterada responde 304 sem corpo.',
  },
  'GET /platforms/{platformId}/files/{name}': { summary: 'Uma imagem da marca (pública)' },
  'GET /platforms': { summary: 'Lista as plataformas white-label (operador: papel master)' },
  'POST /platforms': {
    summary: 'Cria uma plataforma com seus endereços, o primeiro workspace e o administrador (operador)',
    description: 'Recusado (409) quando um dos endereços já é de outra plataforma.',
    errors: [409],
  },
  'GET /platforms/{platformId}/profile': { summary: 'Perfil de uma plataforma para edição (operador)' },
  'PUT /platforms/{platformId}/profile': {
    summary:
      'Altera o perfil de uma plataforma: endereços, nomes, cores, termos, opções e predefinições (operador)',
    description: 'Recusado (409) quando um dos endereços já é de outra plataforma.',
    errors: [409],
  },
  'POST /platforms/{platformId}/profile/images/{slot}': {
    summary: 'Envia uma imagem do perfil (logo, fundo de login, favicon): PNG, JPEG ou WebP (operador)',
    description: 'A imagem é conferida pelo conteúdo: SVG e outros formatos recusados (415), até 2 MB (413).',
    errors: [413, 415],
  },
  'GET /platforms/{platformId}/brand': { summary: 'Marca da plataforma para edição (administradores)' },
  'PUT /platforms/{platformId}/brand': { summary: 'Altera a marca da plataforma (administradores)' },
  'GET /platforms/{platformId}/logs': { summary: 'Histórico de alterações da marca, mais recentes primeiro' },
  'POST /platforms/{platformId}/brand/images/{slot}': {
    summary: 'Envia uma imagem da marca (logotipo, favicon, fundo)',
    description: 'multipart/form-data com um arquivo PNG, JPEG ou WebP de até 2 MB.',
    errors: [413],
  },
  // auth
  'POST /auth/token': {
    summary: 'Entra com usuário e senha e recebe o token de acesso',
    description: 'Tentativas limitadas por endereço e por login (429).',
    errors: [429],
  },
  'POST /auth/logout': { summary: 'Sai: os tokens emitidos até agora deixam de valer' },
  'PUT /auth/request-password-reset': {
    summary: 'Pede o e-mail de redefinição de senha',
    description: 'Responde igual exista ou não o e-mail, para não revelar quem tem conta.',
    errors: [429],
  },
  'GET /auth/reset-password': { summary: 'Confere um link de redefinição sem usá-lo', errors: [410, 429] },
  'PUT /auth/reset-password': { summary: 'Define a nova senha com o link recebido', errors: [410, 429] },
  'GET /roles': {
    summary: 'Papéis que uma pessoa pode ter; com workspace_id, só os que quem chama pode dar',
  },
  // invitations
  [`POST ${W}/user-invitations`]: {
    summary: 'Convida uma pessoa por e-mail para o workspace',
    errors: [409],
  },
  'GET /user-invitations/{id}/validate': { summary: 'Confere um convite', errors: [410] },
  'POST /user-invitations/{id}/validate': { summary: 'Confere um convite (forma POST)', errors: [410] },
  'POST /user-invitations/{id}/fulfill': {
    summary: 'Aceita um convite criando a conta',
    errors: [409, 410, 429],
  },
  // users and workspaces
  'GET /users/{id}/workspaces': { summary: 'Workspaces de uma pessoa' },
  'GET /users/{id}/workspaces/{wid}': { summary: 'Participação de uma pessoa em um workspace' },
  'GET /users/self/workspaces': { summary: 'Workspaces de quem está conectado' },
  'POST /users/self/workspaces': { summary: 'Cria um workspace na plataforma (administradores)' },
  'GET /users/self/workspaces/{id}': { summary: 'Um workspace de quem está conectado' },
  'PUT /users/self/workspaces/{id}': { summary: 'Renomeia um workspace (administradores)' },
  'POST /users/self/workspaces/{id}': { summary: 'Torna este o workspace aberto ao entrar' },
  'DELETE /users/self/workspaces/{id}': { summary: 'Sai de um workspace', errors: [409] },
  [`GET ${W}`]: { summary: 'Dados do workspace' },
  [`GET ${W}/settings`]: { summary: 'Configurações do workspace (distribuição, horários, regras)' },
  [`POST ${W}/settings`]: { summary: 'Altera as configurações do workspace (administradores)' },
  [`GET ${W}/logs`]: { summary: 'Auditoria do workspace: configurações, listas, integrações' },
  [`GET ${W}/user-logs`]: { summary: 'Auditoria das pessoas do workspace: entradas, saídas, papéis' },
  [`GET ${W}/users`]: { summary: 'Pessoas do workspace com seus papéis' },
  [`POST ${W}/users`]: { summary: 'Adiciona uma pessoa já cadastrada ao workspace', errors: [409] },
  [`GET ${W}/users-in-hierarchy`]: { summary: 'Pessoas abaixo de quem chama na hierarquia' },
  [`POST ${W}/users/find-one-by-username`]: { summary: 'Procura uma pessoa da plataforma pelo usuário' },
  [`GET ${W}/users/{userId}`]: { summary: 'Uma pessoa do workspace' },
  [`PUT ${W}/users/{userId}`]: {
    summary: 'Altera papel, gestor ou ramal de uma pessoa',
    description: 'O último administrador não perde o papel (409).',
    errors: [409],
  },
  [`DELETE ${W}/users/{userId}`]: { summary: 'Remove uma pessoa do workspace', errors: [409] },
  // catalog
  [`GET ${W}/sales-stages`]: { summary: 'Etapas do funil, na ordem do quadro' },
  [`POST ${W}/sales-stages`]: { summary: 'Cria uma etapa do funil', errors: [409] },
  [`PUT ${W}/sales-stages/order`]: { summary: 'Reordena as etapas do funil' },
  [`PUT ${W}/sales-stages/{id}`]: { summary: 'Renomeia ou recolore uma etapa', errors: [409] },
  [`DELETE ${W}/sales-stages/{id}`]: {
    summary: 'Exclui uma etapa',
    description: 'Com oportunidades na etapa, informe para onde movê-las; sem destino, 409.',
    errors: [409],
  },
  ...listOperations(),
  // opportunities
  [`GET ${W}/opportunities`]: {
    summary: 'Lista e busca oportunidades',
    description:
      'Filtros por etapa, situação, responsável, produto, período e busca livre (nome, telefone, e-mail ou #id). Paginada.',
  },
  [`POST ${W}/opportunities`]: {
    summary: 'Cria uma oportunidade (card) com seu contato',
    description:
      'Informe `contact_id` de um contato existente ou `contact` para criar um. Sem `user_id`, uma integração entrega o card à distribuição do workspace.',
  },
  [`GET ${W}/opportunities/summary`]: { summary: 'Totais por etapa do funil (quantidade e valor)' },
  [`GET ${W}/opportunities/history`]: {
    summary: 'Histórico de uma oportunidade, de um contato ou de uma pessoa',
  },
  [`GET ${W}/opportunities/{id}`]: {
    summary: 'Consulta uma oportunidade',
    description: 'Traz só a conversa mais recente do card; `show_old_chats=true` traz também as anteriores.',
  },
  [`PUT ${W}/opportunities/{id}`]: {
    summary: 'Altera uma oportunidade',
    description: 'Só os campos enviados mudam; cada mudança entra no histórico.',
  },
  [`PUT ${W}/opportunities/{id}/move-to`]: { summary: 'Move a oportunidade para outra etapa ou posição' },
  [`POST ${W}/opportunities/{id}/calls`]: {
    summary: 'Registra uma ligação feita sobre a oportunidade',
    description:
      'Para URAs e centrais telefônicas. Acima de 15 s conta como "Ligação Realizada"; senão, "Tentativa de Ligação".',
  },
  [`PUT ${W}/opportunities/{id}/assign`]: { summary: 'Troca o responsável pela oportunidade' },
  [`PUT ${W}/opportunities/{id}/close`]: {
    summary: 'Fecha a oportunidade como ganha ou perdida',
    description: 'Perdida exige a objeção (motivo); sem tarefa em aberto pode exigir registrar uma.',
  },
  [`PUT ${W}/opportunities/{id}/reopen`]: { summary: 'Reabre uma oportunidade fechada' },
  [`PUT ${W}/opportunities/{id}/recreate`]: {
    summary: 'Recria uma oportunidade ganha ou perdida como um novo ciclo',
    description:
      'Volta ao topo da primeira etapa, sem os dados do fechamento; o tempo sem interação passa a contar de agora.',
  },
  [`PUT ${W}/opportunities/{id}/transfer`]: { summary: 'Transfere a oportunidade para outro workspace' },
  [`POST ${W}/opportunities/batch-transfer`]: { summary: 'Transfere várias oportunidades de uma vez' },
  [`POST ${W}/opportunities/batch-jobs/assign`]: {
    summary: 'Troca o responsável de várias oportunidades, em segundo plano',
    description:
      'Escolha os cards por `opportunity_ids` ou pelo `filter` do quadro (um dos dois): com o filtro, o servidor percorre todos os cards que ele encontra. Vale a regra da troca de um card só (um vendedor só passa os seus). Um id de outra área de trabalho, ou que o usuário não vê, responde 404 e nada começa. Cada card ganha sua entrada no histórico e seu evento. O andamento sai em GET .../batch-jobs/{id}.',
  },
  [`POST ${W}/opportunities/batch-jobs/transfer`]: {
    summary: 'Transfere várias oportunidades para outra área de trabalho, em segundo plano',
    description:
      'Os mesmos campos e regras de PUT .../opportunities/{id}/transfer, verificados antes de começar, com os cards em `opportunity_ids` ou no `filter` do quadro (um dos dois). Um id de outra área de trabalho responde 404 e nada começa; um card fechado é pulado e contado em `skipped`, como um card movido por outra pessoa antes de o trabalho chegar a ele. Cada card ganha sua entrada no histórico e seus eventos.',
  },
  [`GET ${W}/opportunities/batch-jobs/{id}`]: {
    summary: 'Andamento de uma atribuição ou transferência em lote',
    description:
      'Só quem a iniciou a vê. `processed` conta os cards vistos, `changed` os alterados e `skipped` os pulados.',
  },
  [`GET ${W}/telephony`]: {
    summary: 'Telefonia do workspace para o telefone no navegador',
    description:
      '`adapter` diz qual telefonia faz as ligações: `sandbox` (cliente simulado, sem PABX) ou `sip` (o servidor SIP do cliente). Com `sip`, o navegador se registra em `websocket_url` (wss://) no domínio `sip_domain` com o `voip_username` e a `voip_password` do usuário neste workspace e recebe as ligações que o servidor entrega; no sandbox os dois vêm nulos.',
  },
  [`POST ${W}/batch-calls`]: {
    summary: 'Cria uma fila de ligações a partir de um filtro do quadro',
    description:
      'Os cards que o `filter` do quadro mostra a quem pede, na ordem do quadro (até 1000), formam a fila; cada card é discado até `max_attempts` vezes enquanto não for atendido. Um vendedor só enfileira os seus. Um filtro sem nenhum card responde 400. A fila nasce com status `Created`; use .../start para discar.',
  },
  [`GET ${W}/batch-calls/{id}`]: {
    summary: 'Situação de uma fila de ligações',
    description:
      'Só quem a criou a vê. `status` (Created, Running, Paused, Finished), `total_count`, `current_index` (posição do card atual, a partir de 0) e `opportunity_call`, a ligação em curso ou a última, com suas tentativas e a oportunidade. Com `Finished` a discagem termina.',
  },
  [`POST ${W}/batch-calls/{id}/start`]: {
    summary: 'Inicia ou retoma a fila de ligações',
    description:
      'Põe a fila em `Running` e disca o próximo card se não houver ligação em curso: primeiro os cards com menos tentativas, na ordem da fila, pulando os que outra ligação ocupa. Também serve para seguir para a próxima ligação depois dos formulários pós-ligação. Sem card restante, a fila fica `Finished`. Uma ligação não atendida em 30 s termina e a fila segue sozinha; depois de uma conversa, se nada for discado em 30 s, a fila segue também. 409 se a fila já terminou ou se o usuário já está em outra ligação.',
    errors: [409],
  },
  [`GET ${W}/batch-calls`]: {
    summary: 'Lista as filas de ligações abertas do usuário',
    description:
      'As filas do próprio usuário que ainda não terminaram (`Created`, `Running` ou `Paused`), as mais recentes primeiro, cada uma com a ligação em curso: é o que a barra de discagem mostra ao recarregar a página.',
  },
  [`POST ${W}/batch-calls/{id}/pause`]: {
    summary: 'Pausa a fila de ligações',
    description:
      'Nada é discado até um novo .../start. Uma ligação ainda chamando é desligada; uma conversa em curso continua até ser encerrada. 409 se a fila já terminou.',
    errors: [409],
  },
  [`POST ${W}/batch-calls/{id}/stop`]: {
    summary: 'Finaliza a fila de ligações',
    description:
      'A fila fica `Finished` e não disca mais. Uma ligação ainda chamando é desligada. Finalizar uma fila já finalizada não muda nada.',
  },
  [`POST ${W}/opportunity-calls`]: {
    summary: 'Faz uma ligação avulsa para uma oportunidade',
    description:
      'Envia `opportunity_id`, `user_id` (quem liga: o próprio usuário) e `phone_number`. O servidor chama o cliente e entrega a ligação ao telefone do usuário quando ele atende; sem atendimento em 30 s a ligação termina. 409 se o card ou o usuário já estão em outra ligação; 400 quando a telefonia exige credenciais de VoIP e o usuário não as tem neste workspace. Na telefonia sandbox (sem PABX) o cliente é simulado pelo último dígito do número: 0 dá ocupado, 9 nunca atende e os demais atendem após alguns segundos.',
    errors: [409],
  },
  [`GET ${W}/opportunity-calls`]: {
    summary: 'Lista as ligações do workspace',
    description:
      'As mais recentes primeiro, filtráveis por `opportunity_id` e `user_id`; `active=true` mostra quem está em ligação agora. Um vendedor vê só as suas. Cada ligação traz início, atendimento, fim, duração da conversa em segundos, `answered` (conversa acima de 15 s) e o resultado.',
  },
  [`GET ${W}/opportunity-calls/{id}`]: {
    summary: 'Mostra uma ligação',
    description: 'Um vendedor vê só as suas; as demais respondem 404.',
  },
  [`POST ${W}/opportunity-calls/{id}/end`]: {
    summary: 'Encerra a própria ligação',
    description:
      'Desliga e registra a ligação: a duração conta do atendimento ao fim; acima de 15 s ela conta como atendida e o card ganha a entrada “Ligação Realizada” no histórico, senão “Tentativa de Ligação”. 409 se a ligação já terminou.',
    errors: [409],
  },
  [`POST ${W}/opportunity-calls/{id}/sandbox-hang-up`]: {
    summary: 'Cliente simulado desliga a ligação (telefonia sandbox)',
    description:
      'Só na telefonia sandbox (sem PABX); com uma telefonia real responde 404. O cliente simulado desliga a ligação atendida do próprio usuário. `talked_seconds` diz quanto durou a conversa, para demonstrar uma ligação longa sem esperar por ela; acima de 15 s ela conta como atendida. 409 se a ligação não foi atendida ou já terminou.',
    errors: [409],
  },
  [`POST ${W}/opportunities/upload`]: {
    summary: 'Importa leads de uma planilha (CSV ou XLSX)',
    description: 'multipart/form-data; a importação roda em segundo plano e pode ser acompanhada.',
    errors: [413],
  },
  [`GET ${W}/opportunities/upload/{importId}`]: { summary: 'Andamento de uma importação de leads' },
  [`GET ${W}/opportunities/upload/{importId}/report`]: {
    summary: 'Relatório de uma importação de leads concluída (CSV)',
    description:
      'Totais e as linhas recusadas, com o motivo; é o arquivo que a notificação da importação baixa.',
  },
  // contacts
  [`GET ${W}/contacts`]: { summary: 'Lista e busca contatos (nome, telefone, e-mail ou #id)' },
  [`GET ${W}/contacts/{contactId}`]: { summary: 'Consulta um contato' },
  [`PUT ${W}/contacts/{contactId}`]: {
    summary: 'Altera um contato',
    description: 'Um telefone já usado por outro contato do workspace é recusado (409).',
    errors: [409],
  },
  [`GET ${W}/contacts/{contactId}/logs`]: { summary: 'Histórico de um contato' },
  [`GET ${W}/cep/{cep}`]: { summary: 'Endereço de um CEP' },
  // tasks
  [`GET ${W}/tasks`]: { summary: 'Lista tarefas (filtros por período, responsável e situação)' },
  [`POST ${W}/tasks`]: { summary: 'Cria uma tarefa em uma oportunidade' },
  [`GET ${W}/tasks/summary`]: { summary: 'Contagem de tarefas atrasadas, de hoje e futuras' },
  [`GET ${W}/tasks/days`]: { summary: 'Dias do mês que têm tarefas (calendário)' },
  [`GET ${W}/tasks/{id}`]: { summary: 'Consulta uma tarefa' },
  [`PUT ${W}/tasks/{id}`]: { summary: 'Altera uma tarefa' },
  [`DELETE ${W}/tasks/{id}`]: { summary: 'Exclui uma tarefa' },
  [`PUT ${W}/tasks/{id}/end`]: { summary: 'Conclui uma tarefa registrando a interação' },
  ...dashboardOperations(),
  // exports
  [`GET ${W}/exports/contacts`]: { summary: 'Pede a exportação dos contatos (CSV ou XLSX)' },
  [`GET ${W}/exports/opportunities`]: { summary: 'Pede a exportação das oportunidades filtradas do quadro' },
  [`GET ${W}/exports/pdca`]: {
    summary: 'Pede a exportação do PDCA de um planejamento (XLSX, CSV ou PDF)',
    description:
      'As ações 5W2H do planejamento `planning_id` com a etapa PDCA, o indicador, a meta, o realizado e a ação corretiva. `format=pdf` dá uma tabela em A4 paisagem com o nome da marca como título, para imprimir. Pronta, chega a notificação de origem ExportPdcaJob, que baixa o arquivo. Só nas plataformas com planejamento.',
  },
  [`GET ${W}/exports/{id}`]: { summary: 'Andamento de uma exportação' },
  [`GET ${W}/exports/{id}/download`]: {
    summary: 'Baixa o arquivo de uma exportação pronta',
    description: 'Só quem pediu baixa; depois do prazo o arquivo expira (410).',
    errors: [410],
  },
  // webhooks
  // planning
  [`GET ${W}/plannings`]: {
    summary: 'Planejamentos comerciais da unidade',
    description:
      'Um por ano, filtráveis por `year`, `phase` e pelo filtro da lista: período (`start_timestamp`, `end_timestamp`) na data de criação ou de atualização (`dateType`), anos de `start_at` a `end_at`, quem criou (`user_id`), `status` (true Disponível: ainda editável; false Indisponível: enviado) e `type` (regular ou graduation). Só nas plataformas com planejamento; nas outras, 404 em toda rota de planejamento.',
  },
  [`POST ${W}/plannings`]: {
    summary: 'Cria o planejamento de um ano (etapa 1, PrePlanning)',
    description:
      'Ano da lista (do próximo até 2023), período em meses e as metas mensais de matrículas, vendas, material didático e faturamento, presenciais e EAD. Sem metas no pedido, cada mês que teve oportunidades ganhas no ano anterior começa com o realizado de então (matrículas, vendas, material didático e faturamento, presenciais e EAD). Um por ano (409). Administrador ou gerente da unidade.',
    errors: [409],
  },
  [`GET ${W}/plannings/{id}`]: {
    summary: 'Consulta um planejamento',
    description:
      'Metas por mês e, ao lado, o realizado (`actuals`) das oportunidades ganhas fechadas em cada mês do ano do plano: separado em presencial e EAD pela modalidade do produto da oportunidade (sem produto conta como presencial): matrículas (ganhas de produto da categoria matrícula ou sem produto), vendas (ganhas com produto), material didático (ganhas de produto da categoria material didático) e faturamento (soma dos valores). Também o funil (leads → visitas → matrículas) com as taxas do plano ou, sem elas, as taxas reais das oportunidades do workspace, o plano de mídia e o histórico de etapas com os comentários de devolução.',
  },
  [`PUT ${W}/plannings/{id}`]: {
    summary: 'Altera metas, período e taxas do funil',
    description:
      'Atualização parcial: o que não vier fica como está; metas trocadas mês a mês; taxa nula volta à taxa real. Enviado (Submitted), o planejamento é só leitura para a unidade (403).',
  },
  [`PATCH ${W}/plannings/{id}`]: {
    summary: 'Muda a etapa do planejamento',
    description:
      'A unidade avança uma etapa por vez (PrePlanning → Planning → PlanningMedias → Planning5w2h → Submitted), sem pular. A gestão acima da unidade devolve para uma etapa anterior com um comentário, que fica no histórico.',
  },
  [`GET ${W}/plannings/{id}/medias`]: { summary: 'Plano de mídia do planejamento' },
  [`POST ${W}/plannings/{id}/medias`]: {
    summary: 'Inclui uma mídia (e campanha) no plano de mídia',
    description:
      'Verba e leads esperados por mês, dentro do período do plano. Uma linha por mídia e campanha (409).',
    errors: [409],
  },
  [`GET ${W}/plannings/{id}/medias/{mediaId}`]: { summary: 'Consulta uma linha do plano de mídia' },
  [`PUT ${W}/plannings/{id}/medias/{mediaId}`]: {
    summary: 'Altera uma linha do plano de mídia',
    errors: [409],
  },
  [`DELETE ${W}/plannings/{id}/medias/{mediaId}`]: { summary: 'Remove uma linha do plano de mídia' },
  [`GET ${W}/plannings/{id}/actions`]: { summary: 'Plano de ação 5W2H do planejamento' },
  [`POST ${W}/plannings/{id}/actions`]: {
    summary: 'Inclui uma ação 5W2H',
    description:
      'O quê, por quê, onde, quando, quem (um membro do workspace), como, quanto custa e a mídia/campanha ligada.',
  },
  [`GET ${W}/plannings/{id}/actions/{actionId}`]: { summary: 'Consulta uma ação 5W2H' },
  [`PUT ${W}/plannings/{id}/actions/{actionId}`]: { summary: 'Altera uma ação 5W2H (atualização parcial)' },
  [`DELETE ${W}/plannings/{id}/actions/{actionId}`]: { summary: 'Remove uma ação 5W2H' },
  [`GET ${W}/plannings/{id}/pdca`]: {
    summary: 'PDCA das ações do planejamento',
    description:
      'Cada ação 5W2H com sua etapa (Plan, Do, Check, Act), o indicador (leads, visitas ou matrículas das oportunidades da campanha e da mídia da ação no ano do plano) contra a meta, a verificação (`met`/`failed`) e a ação corretiva.',
  },
  [`PATCH ${W}/plannings/{id}/actions/{actionId}/pdca`]: {
    summary: 'Muda a etapa PDCA de uma ação',
    description:
      'Vale também com o planejamento enviado. Com a meta não atingida, a ação só chega a Act com a ação corretiva descrita (400). Administrador ou gerente da unidade.',
  },
  [`GET ${W}/graduation/plannings`]: { summary: 'Planos 5W2H da graduação (um por ano)' },
  [`POST ${W}/graduation/plannings`]: {
    summary: 'Cria o 5W2H da graduação de um ano',
    description:
      'O plano de ação da captação de graduação: abre na etapa 5W2H; suas ações são as de /plannings/{id}/actions. Um por ano (409). Administrador ou gerente da unidade.',
    errors: [409],
  },
  [`PUT ${W}/graduation/plannings/{id}`]: { summary: 'Altera o período do 5W2H da graduação' },
  [`GET ${W}/planning-dashboards/summary`]: {
    summary: 'Painel do planejamento: resumo do ano',
    description:
      'Meta e realizado do ano de cada indicador do planejamento da unidade (`year`, padrão o ano atual).',
  },
  [`GET ${W}/planning-dashboards/submitted`]: {
    summary: 'Painel do planejamento: unidades que enviaram',
    description: 'As unidades em que a pessoa trabalha, com a etapa do planejamento do ano de cada uma.',
  },
  [`GET ${W}/planning-dashboards/opportunities`]: {
    summary: 'Painel do planejamento: oportunidades (meta × realizado por mês)',
  },
  [`GET ${W}/planning-dashboards/enrollments`]: {
    summary: 'Painel do planejamento: matrículas presenciais (meta × realizado por mês)',
  },
  [`GET ${W}/planning-dashboards/remote-enrollments`]: {
    summary: 'Painel do planejamento: matrículas EAD (meta × realizado por mês)',
  },
  [`GET ${W}/planning-dashboards/sales`]: {
    summary: 'Painel do planejamento: vendas presenciais (meta × realizado por mês)',
  },
  [`GET ${W}/planning-dashboards/remote-sales`]: {
    summary: 'Painel do planejamento: vendas EAD (meta × realizado por mês)',
  },
  [`GET ${W}/planning-dashboards/courseware`]: {
    summary: 'Painel do planejamento: material didático presencial (meta × realizado por mês)',
  },
  [`GET ${W}/planning-dashboards/remote-courseware`]: {
    summary: 'Painel do planejamento: material didático EAD (meta × realizado por mês)',
  },
  [`GET ${W}/planning-dashboards/income`]: {
    summary: 'Painel do planejamento: faturamento presencial (meta × realizado por mês)',
  },
  [`GET ${W}/planning-dashboards/remote-income`]: {
    summary: 'Painel do planejamento: faturamento EAD (meta × realizado por mês)',
  },

  [`GET ${W}/schedule-templates`]: {
    summary: 'Modelos de cronograma da unidade',
    description:
      'Rotina (tarefas recorrentes de um perfil) ou Ação (tarefas de uma campanha numa mídia); filtra por `type` e `search`. Só nas plataformas com planejamento.',
  },
  [`POST ${W}/schedule-templates`]: {
    summary: 'Cria um modelo de cronograma',
    description: 'Nome, tipo (Routine ou Action) e descrição. Administrador ou gerente da unidade.',
  },
  [`GET ${W}/schedule-templates/list`]: { summary: 'Todos os modelos (id, nome e tipo) para escolher' },
  [`GET ${W}/schedule-templates/{id}`]: { summary: 'Consulta um modelo de cronograma' },
  [`PUT ${W}/schedule-templates/{id}`]: { summary: 'Altera um modelo de cronograma (atualização parcial)' },
  [`DELETE ${W}/schedule-templates/{id}`]: {
    summary: 'Exclui um modelo de cronograma',
    description: 'As tarefas já aplicadas continuam na agenda dos membros.',
  },
  [`GET ${W}/schedule-templates/{id}/tasks`]: { summary: 'Tarefas do modelo' },
  [`POST ${W}/schedule-templates/{id}/tasks`]: {
    summary: 'Inclui uma tarefa no modelo',
    description:
      'Tarefa, perfil que a executa, dias da semana (0 domingo … 6 sábado), horário e, numa Ação, a mídia (obrigatória) e a campanha.',
  },
  [`GET ${W}/schedule-templates/{id}/tasks/{taskId}`]: { summary: 'Consulta uma tarefa do modelo' },
  [`POST ${W}/schedule-templates/{id}/tasks/{taskId}`]: {
    summary: 'Altera uma tarefa do modelo (atualização parcial)',
  },
  [`DELETE ${W}/schedule-templates/{id}/tasks/{taskId}`]: { summary: 'Remove uma tarefa do modelo' },
  [`POST ${W}/schedule-templates/{id}/tasks-batch-upsert`]: {
    summary: 'Salva as tarefas do modelo de uma vez',
    description:
      'Linhas com `id` são alteradas, sem `id` são incluídas e `delete_ids` são removidas, tudo numa transação: uma linha inválida não muda nada.',
  },
  [`GET ${W}/schedule-templates-tasks`]: {
    summary: 'Tarefas importadas de modelos',
    description: 'As tarefas da agenda criadas ao aplicar um modelo; filtra por `schedule_template_id`.',
  },
  [`POST ${W}/schedule-templates-tasks`]: {
    summary: 'Aplica um modelo ao cronograma',
    description:
      'Cria, para cada membro com o perfil de cada tarefa do modelo, uma tarefa em cada dia do período (até 92 dias) cujo dia da semana a tarefa indica. Aplicar de novo no mesmo período não duplica.',
  },
  [`GET ${W}/schedule-tasks`]: {
    summary: 'Tarefas do cronograma',
    description:
      'Filtra por período (`start_timestamp`, `end_timestamp`), `user_id` e modelo. Quem não administra o cronograma vê só as suas.',
  },
  [`POST ${W}/schedule-tasks`]: {
    summary: 'Cria uma tarefa no cronograma',
    description: 'Para si; para outro membro, só administrador ou gerente.',
  },
  [`GET ${W}/schedule-tasks/{id}`]: { summary: 'Consulta uma tarefa do cronograma' },
  [`PUT ${W}/schedule-tasks/{id}`]: { summary: 'Altera uma tarefa do cronograma (atualização parcial)' },
  [`DELETE ${W}/schedule-tasks/{id}`]: {
    summary: 'Exclui uma tarefa do cronograma',
    description: 'Administrador ou gerente.',
  },
  [`PATCH ${W}/schedule-tasks/{id}/end`]: { summary: 'Conclui uma tarefa do cronograma' },
  [`PATCH ${W}/schedule-tasks/{id}/reschedule`]: { summary: 'Reagenda uma tarefa do cronograma' },
  [`GET ${W}/contracts`]: {
    summary: 'Matrículas do workspace',
    description:
      'Filtra por `opportunity_id` e `payment_status`; um atendente vê só as das suas oportunidades.',
  },
  [`POST ${W}/contracts`]: {
    summary: 'Gera a matrícula de uma oportunidade',
    description:
      'Cria a cobrança (Pix ou boleto) no provedor do workspace e a matrícula com status Pending. Só nas plataformas cuja matrícula integrada nomeia um provedor; uma por oportunidade enquanto não for cancelada.',
  },
  [`GET ${W}/contracts/{id}`]: { summary: 'Consulta uma matrícula' },
  [`POST ${W}/contracts/{id}/sandbox-payment`]: {
    summary: 'Paga ou cancela uma matrícula do ambiente de testes',
    description:
      'A página de pagamento do provedor `sandbox`: muda uma matrícula Pending para Succeeded ou Canceled.',
  },
  [`GET ${W}/contract-settings`]: {
    summary: 'Configurações de matrícula do workspace',
    description: 'O provedor em uso e se as chaves do Asaas estão definidas; as chaves nunca são devolvidas.',
  },
  [`PUT ${W}/contract-settings`]: {
    summary: 'Altera as configurações de matrícula',
    description:
      'Administradores: ganhar a oportunidade quando a matrícula é paga, e a chave de API e o token do webhook do Asaas (null remove).',
  },
  'POST /contracts/asaas/{workspace}/webhook': {
    summary: 'Webhook do Asaas',
    description:
      'Chamado pelo Asaas: autenticado pelo cabeçalho `asaas-access-token` com o token do webhook do workspace. Pagamento confirmado ou recebido efetiva a matrícula; excluído ou estornado a cancela.',
  },
  [`GET ${W}/webhooks`]: { summary: 'Webhooks do workspace' },
  [`POST ${W}/webhooks`]: {
    summary: 'Cria um webhook e mostra seu segredo de assinatura uma vez',
    description: 'Os eventos enviados e a verificação da assinatura estão nos esquemas `Webhook…`.',
  },
  [`GET ${W}/webhooks/{id}`]: { summary: 'Consulta um webhook' },
  [`PUT ${W}/webhooks/{id}`]: { summary: 'Altera um webhook' },
  [`DELETE ${W}/webhooks/{id}`]: { summary: 'Exclui um webhook' },
  [`POST ${W}/webhooks/{id}/secret`]: {
    summary: 'Gera um novo segredo de assinatura (o anterior deixa de valer)',
  },
  [`GET ${W}/webhooks/{id}/logs`]: { summary: 'Entregas de um webhook e suas tentativas' },
  'GET /platforms/{platformId}/webhooks': {
    summary: 'Webhooks da plataforma, que recebem os eventos de todos os workspaces (administradores)',
  },
  'POST /platforms/{platformId}/webhooks': {
    summary: 'Cria um webhook da plataforma; o segredo de assinatura aparece só nesta resposta',
  },
  'GET /platforms/{platformId}/webhooks/{webhookId}': { summary: 'Consulta um webhook da plataforma' },
  'PUT /platforms/{platformId}/webhooks/{webhookId}': { summary: 'Altera um webhook da plataforma' },
  'DELETE /platforms/{platformId}/webhooks/{webhookId}': { summary: 'Exclui um webhook da plataforma' },
  'GET /platforms/{platformId}/webhooks/{webhookId}/logs': {
    summary: 'Entregas de um webhook da plataforma e suas tentativas',
  },
  // automations
  [`POST ${W}/automations/forecast`]: {
    summary: 'Prevê quantas oportunidades uma automação alcançaria agora',
    description:
      'Para uma definição ainda não publicada: quantas oportunidades atendem hoje ao gatilho e às condições, e uma amostra de 10, com a mesma consulta que o motor usa.',
  },
  [`GET ${W}/automations`]: { summary: 'Automações do workspace (administradores e gestores)' },
  [`POST ${W}/automations`]: {
    summary: 'Cria uma automação em rascunho',
    description:
      'Gatilho, condições (campos do filtro do funil) e ações em ordem. Ids de outro workspace respondem 404. Nada age até a publicação.',
  },
  [`GET ${W}/automations/{id}`]: { summary: 'Consulta uma automação e seu rascunho' },
  [`PATCH ${W}/automations/{id}`]: {
    summary: 'Altera o rascunho, o nome ou a ativação',
    description: 'As versões publicadas não mudam: a nova definição só age depois de publicada.',
  },
  [`DELETE ${W}/automations/{id}`]: { summary: 'Exclui uma automação, suas versões e seu log' },
  [`GET ${W}/automations/{id}/versions`]: { summary: 'Versões publicadas de uma automação' },
  [`GET ${W}/automations/{id}/versions/{versionId}`]: { summary: 'Consulta uma versão publicada' },
  [`POST ${W}/automations/{id}/versions/{versionId}`]: {
    summary: 'Publica de novo uma versão anterior',
    description:
      'Torna a versão indicada a versão em uso, sem alterá-la; execuções em andamento seguem na sua.',
  },
  [`POST ${W}/automations/{id}/publish`]: {
    summary: 'Publica o rascunho como nova versão imutável',
    description:
      'A nova versão passa a valer para os próximos gatilhos; uma execução iniciada numa versão termina nela.',
  },
  [`GET ${W}/automations/{id}/logs`]: {
    summary: 'Execuções de uma automação e seus passos',
    description:
      'Paginado; filtra pelo período (`start_timestamp`, `end_timestamp`, ISO 8601) sobre o início ou o fim (`date_type`).',
  },
  [`POST ${W}/automations/sandbox-end-waits`]: {
    summary: 'Encerra agora as esperas das automações (relógio do ambiente de testes)',
    description:
      'Só numa instalação de demonstração ou de testes (`SANDBOX_CLOCK`); em produção responde 404. Administradores e gestores: toda execução do workspace parada numa ação "Aguardar" segue já para a ação seguinte, como se o tempo tivesse passado. `started` diz quantas seguiram.',
  },
  // bots
  [`GET ${W}/bots`]: { summary: 'Canais de chat (robôs) do workspace' },
  [`GET ${W}/bots/{bid}/meta-templates`]: {
    summary: 'Modelos de mensagem aprovados do WhatsApp de um canal',
  },
  [`PUT ${W}/bots/{bid}/meta-templates`]: { summary: 'Atualiza os modelos de mensagem a partir da Meta' },
  [`POST ${W}/bots/{bid}/meta-templates`]: {
    summary: 'Cria um modelo de mensagem e o envia para aprovação da Meta',
    description:
      'Só para funcionários digitais do WhatsApp Business (API oficial), por administradores e gestores. O template fica "Em análise" (PENDING) até a Meta aprovar ou rejeitar; o webhook de status da Meta ou a sincronização trazem o resultado e o motivo da rejeição.',
  },
  [`GET ${W}/bots/{bid}/meta-templates/{name}`]: { summary: 'Um modelo de mensagem do WhatsApp' },
  [`GET ${W}/digital-employees`]: { summary: 'Funcionários digitais (robôs de atendimento)' },
  [`POST ${W}/digital-employees`]: { summary: 'Cria um funcionário digital' },
  [`GET ${W}/digital-employees/{id}`]: { summary: 'Consulta um funcionário digital' },
  [`PUT ${W}/digital-employees/{id}`]: { summary: 'Altera um funcionário digital' },
  [`DELETE ${W}/digital-employees/{id}`]: { summary: 'Exclui um funcionário digital' },
  'GET /channels/whatsapp/{botId}/webhook': {
    summary: 'Verificação do webhook pela Meta (hub.challenge)',
    description: 'Chamado pela Meta ao configurar o webhook do WhatsApp Cloud API.',
  },
  'POST /channels/whatsapp/{botId}/webhook': {
    summary: 'Recebe mensagens e status do WhatsApp Cloud API',
    description: 'Assinado pela Meta com X-Hub-Signature-256; mensagens repetidas são ignoradas.',
  },
  // chat
  [`POST ${W}/dialogs`]: { summary: 'Abre uma conversa com o contato de uma oportunidade', errors: [409] },
  [`GET ${W}/dialogs`]: { summary: 'Conversas do chat (filas: minhas, abertas, fechadas)' },
  [`GET ${W}/dialogs/{did}`]: { summary: 'Consulta uma conversa' },
  [`POST ${W}/dialogs/{did}/close`]: { summary: 'Encerra uma conversa', errors: [409] },
  [`POST ${W}/dialogs/{did}/open`]: { summary: 'Reabre uma conversa encerrada', errors: [409] },
  [`POST ${W}/dialogs/{did}/read`]: { summary: 'Marca a conversa como lida' },
  [`GET ${W}/dialogs/{did}/messages`]: { summary: 'Mensagens de uma conversa' },
  [`POST ${W}/dialogs/{did}/messages`]: {
    summary: 'Envia uma mensagem na conversa',
    description: 'Texto, mídia ou modelo; fora da janela de 24 horas do WhatsApp só modelos aprovados.',
    errors: [409],
  },
  [`DELETE ${W}/dialogs/{did}/messages/{remoteId}`]: { summary: 'Apaga uma mensagem enviada' },
  'GET /chat-files/{workspace}/{messageId}': {
    summary: 'Arquivo de uma mensagem, por link assinado e temporário',
  },
  // realtime
  [`POST ${W}/events/ticket`]: { summary: 'Bilhete de um minuto para abrir o fluxo de eventos no navegador' },
  [`GET ${W}/events`]: {
    summary: 'Fluxo de eventos em tempo real (Server-Sent Events)',
    description: 'Mensagens, conversas, oportunidades e notificações do workspace à medida que acontecem.',
  },
  // notifications
  'GET /notifications': { summary: 'Notificações da pessoa, da mais recente à mais antiga' },
  'GET /notifications/{id}/read': { summary: 'Marca uma notificação como lida' },
  'DELETE /notifications/{id}': { summary: 'Apaga uma notificação' },
  'POST /notifications/batch-delete': { summary: 'Apaga várias notificações de uma vez' },
  'POST /notifications/clear': { summary: 'Apaga todas as notificações da pessoa' },
  'GET /user/settings': { summary: 'Preferências de notificação da pessoa' },
  'POST /user/settings': {
    summary: 'Altera as preferências de notificação',
    description: 'Que tipos notificam, o Web Push, o som do chat e o horário de silêncio.',
  },
  'POST /fcm/create-token': {
    summary: 'Registra um dispositivo para receber notificações push',
    description: 'Navegadores enviam a inscrição Web Push; apps Android e iOS, o token do dispositivo.',
  },
  'GET /push/public-key': { summary: 'Chave pública VAPID para inscrever o navegador no Web Push' },
  // news warnings
  'GET /news': {
    summary: 'Avisos da plataforma ainda não expirados, para a pessoa conectada',
    description: 'Cada aviso aparece uma vez por pessoa; depois do dia de expiração não é mais devolvido.',
  },
  'GET /platforms/{platformId}/news': {
    summary: 'Todos os avisos da plataforma, expirados também (administradores)',
  },
  'POST /platforms/{platformId}/news': {
    summary: 'Publica um aviso para todas as pessoas da plataforma (administradores)',
    description:
      'Vídeos só de endereços de incorporação do YouTube ou do Vimeo; imagens do carrossel enviadas antes.',
  },
  'PUT /platforms/{platformId}/news/{id}': { summary: 'Altera um aviso da plataforma (administradores)' },
  'DELETE /platforms/{platformId}/news/{id}': { summary: 'Exclui um aviso da plataforma (administradores)' },
  'POST /platforms/{platformId}/news/images': {
    summary: 'Envia uma imagem para o carrossel de um aviso (PNG, JPEG ou WebP)',
  },
  'GET /platforms/{platformId}/news/images/{name}': {
    summary: 'Uma imagem do carrossel de um aviso (pública)',
  },
  // simulator
  [`GET ${W}/simulator/conversations`]: { summary: 'Conversas do simulador de cliente (canal sandbox)' },
  [`POST ${W}/simulator/read`]: { summary: 'O cliente simulado lê as mensagens recebidas' },
  [`POST ${W}/simulator/messages`]: { summary: 'O cliente simulado envia uma mensagem' },
  // batch messages
  [`GET ${W}/batch-messages`]: { summary: 'Disparos em massa do workspace' },
  [`POST ${W}/batch-messages`]: { summary: 'Agenda um disparo em massa' },
  [`POST ${W}/batch-messages/audience`]: { summary: 'Quantos contatos um disparo alcançaria' },
  [`POST ${W}/batch-messages/preview`]: {
    summary: 'Prévia da mensagem de um disparo com as variáveis preenchidas',
  },
  [`GET ${W}/batch-messages/{id}`]: { summary: 'Andamento de um disparo em massa' },
  [`POST ${W}/batch-messages/{id}/pause`]: { summary: 'Pausa um disparo', errors: [409] },
  [`POST ${W}/batch-messages/{id}/resume`]: { summary: 'Retoma um disparo pausado', errors: [409] },
  [`POST ${W}/batch-messages/{id}/cancel`]: { summary: 'Cancela um disparo', errors: [409] },
  // api clients
  [`GET ${W}/api-clients`]: { summary: 'Integrações (tokens de API) do workspace' },
  [`POST ${W}/api-clients`]: {
    summary: 'Cria uma integração com um papel de API',
    description:
      'A chave secreta vem só nesta resposta; guarde-a. Use-a em `Authorization: Bearer <chave>`. O papel define as operações permitidas.',
  },
  [`POST ${W}/api-clients/{id}/secret`]: {
    summary: 'Gera uma nova chave para a integração (a anterior deixa de valer na hora)',
    errors: [409],
  },
  [`DELETE ${W}/api-clients/{id}`]: { summary: 'Revoga a integração: a chave deixa de valer na hora' },
  'GET /platforms/{platformId}/api-clients': {
    summary: 'Integrações de todos os workspaces da plataforma (administradores da plataforma)',
    description: 'Com `workspace_id`, só as de um workspace.',
  },
  'POST /platforms/{platformId}/api-clients': {
    summary: 'Cria uma integração em qualquer workspace da plataforma (administradores da plataforma)',
    description: 'A chave secreta vem só nesta resposta.',
  },
  'POST /platforms/{platformId}/api-clients/{id}/secret': {
    summary: 'Gera uma nova chave para uma integração da plataforma',
    errors: [409],
  },
  'DELETE /platforms/{platformId}/api-clients/{id}': { summary: 'Revoga uma integração da plataforma' },
  'GET /workspaces/{workspaceId}/forms': {
    summary: 'Lista os formulários de marketing do workspace',
    description: 'Qualquer membro pode listar (o filtro de formulários do funil os usa).',
  },
  'POST /workspaces/{workspaceId}/forms': {
    summary: 'Cria um formulário de marketing',
    description:
      'Administradores e gestores. Um campo deve ser ligado ao telefone e outro ao nome do contato ou da oportunidade.',
  },
  'GET /workspaces/{workspaceId}/forms/{id}': { summary: 'Consulta um formulário de marketing' },
  'PUT /workspaces/{workspaceId}/forms/{id}': {
    summary: 'Altera um formulário de marketing (o formulário inteiro)',
  },
  'DELETE /workspaces/{workspaceId}/forms/{id}': {
    summary: 'Exclui um formulário de marketing e suas respostas; os cards criados continuam',
  },
  'GET /workspaces/{workspaceId}/forms/{id}/submissions': {
    summary: 'Lista as respostas recebidas por um formulário, mais recentes primeiro',
  },
  'GET /public/forms/{publicId}': {
    summary: 'Um formulário para o visitante (público, sem login)',
    description:
      'Responde 404 para formulários desativados ou de outra plataforma. Traz o `fill_token` do envio.',
  },
  'POST /public/forms/{publicId}/submissions': {
    summary: 'Envia as respostas de um formulário (público, sem login)',
    description:
      'Cria ou reaproveita o contato pelo telefone e cria o card com a origem do canal (`hosted`: Formulário do Site; `embed` e `api`: Formulário Externo). Limite de envios por endereço e formulário por hora (429); o `fill_token` do formulário é obrigatório e um envio rápido demais é recusado.',
    errors: [413, 429],
  },
};
