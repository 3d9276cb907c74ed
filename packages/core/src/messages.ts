import { TEMPLATE_VARIABLES } from './constants.ts';
import { VALIDATION_MESSAGES } from './validators.ts';

// The pt-BR message catalogue. Strings quoted by the spec are kept exactly, typos included.

export type Toast = { readonly title: string; readonly message: string };

/** Title of the global error toast by HTTP status. */
export const ERROR_TITLES: Readonly<Record<number, string>> = {
  400: 'Informações falharam na verificação',
  401: 'Seu login expirou!',
  403: 'Você não tem permissão!',
  404: 'Recurso não encontrado',
  405: 'Método não usado',
  406: 'Formato de resposta não aceito',
  407: 'Autenticação de proxy necessária',
  408: 'Tempo de requsição esgotado',
  409: 'Conflito com o servidor',
  410: 'Conteúdo deletado no servidor',
  411: 'Tamanho da requisição não informado',
  412: 'Pré-condição falhou',
  413: 'Requisição muito grande!',
  414: 'Endereço da requisição muito longo!',
  415: 'Formato de mídia não suportado',
  416: 'Intervalo solicitado inválido',
  417: 'Expectativa não atendida',
  418: 'Sou um bule de chá!',
  425: 'Requisição enviada cedo demais',
  426: 'Atualização necessária',
  428: 'Pré-condição necessária',
  429: 'Muitas requsições!',
  431: 'Cabeçalhos da requisição muito grandes!',
  451: 'Indisponível por motivos legais',
  500: 'Erro no servidor, contate um adiministrador!',
  501: 'Funcionalidade não implementada',
  502: 'Conexão com servidor falhou!',
  503: 'Serviço Indisponível',
  504: 'Servidor não respondeu a tempo',
  505: 'Versão HTTP não suportada',
  506: 'Erro de negociação no servidor',
  507: 'Servidor sem espaço de armazenamento',
  508: 'Ciclo detectado no servidor',
  510: 'Extensão necessária no servidor',
  511: 'Autenticação de rede necessária',
};

export const UNKNOWN_ERROR: Toast = {
  title: 'Erro Desconhecido',
  message: 'Algum erro desconhecido aconteceu.',
};

/** Toast title for a status; the unknown-error title when the status has none. */
export function errorTitle(status: number | null | undefined): string {
  return (status != null && ERROR_TITLES[status]) || UNKNOWN_ERROR.title;
}

/** The API error body: `{ status, message, errors?: [{ field, description }] }`. */
export type ApiErrorBody = {
  status?: number;
  message?: string;
  errors?: ReadonlyArray<{ field?: string; description?: string }>;
};

function asErrorBody(body: unknown): ApiErrorBody | null {
  return typeof body === 'object' && body !== null ? (body as ApiErrorBody) : null;
}

/**
 * The toasts for a failed response: one per listed error description, else the body's
 * message; the unknown error when the body or its status is missing.
 */
export function errorToasts(body: unknown): Toast[] {
  const data = asErrorBody(body);
  if (typeof data?.status !== 'number' || (!data.message && !data.errors?.length)) return [UNKNOWN_ERROR];
  const title = errorTitle(data.status);
  const descriptions = (data.errors ?? []).map((e) => e.description).filter((d): d is string => !!d);
  if (descriptions.length) return descriptions.map((message) => ({ title, message }));
  return data.message ? [{ title, message: data.message }] : [UNKNOWN_ERROR];
}

/** Messages the server answers with. */
export const MESSAGES = {
  invalidCredentials: 'E-mail/usuário ou senha incorretos.',
  tooManyRequests: 'Muitas tentativas. Aguarde um momento e tente novamente.',
  notFound: 'Recurso não encontrado.',
  forbidden: 'Você não tem permissão para esta ação.',
  planningMonthRepeated: 'Cada mês pode aparecer uma vez só.',
  planningMonthRange: 'O mês final deve ser igual ou posterior ao mês inicial.',
  planningMonthOutOfRange: 'O mês está fora do período do planejamento.',
  planningYearTaken: (year: number) => `Este workspace já tem o planejamento de ${year}.`,
  planningYearInvalid: 'Escolha um ano da lista de planejamento.',
  planningPhaseSkip: 'O planejamento avança uma etapa por vez.',
  planningSubmitted: 'O planejamento foi enviado e não pode mais ser alterado pela unidade.',
  planningSendBackComment: 'Informe o motivo da devolução.',
  planningSendBackForbidden:
    'Só a gestão acima da unidade pode devolver o planejamento para uma etapa anterior.',
  planningMediaTaken: 'Esta mídia e campanha já estão no plano de mídia.',
  planningActionWhatRequired: 'Informe o que será feito.',
  planningWhoNotMember: 'O responsável deve ser membro do workspace.',
  pdcaCorrectiveRequired: 'A meta do indicador não foi atingida: descreva a ação corretiva antes de agir.',
  scheduleNameRequired: 'Informe o nome.',
  scheduleNameTooLong: (max: number) => `O nome pode ter até ${max} caracteres.`,
  scheduleWeekdaysRequired: 'Escolha ao menos um dia da semana.',
  scheduleRangeInvalid: 'A data final deve ser igual ou posterior à data inicial.',
  scheduleRangeTooLong: (days: number) => `O período pode ter até ${days} dias.`,
  scheduleActionMediaRequired: 'Uma tarefa de ação precisa de uma mídia.',
  scheduleUserNotMember: 'O responsável deve ser membro do workspace.',
  unauthorized: 'Sua sessão expirou. Entre novamente.',
  invalidBody: 'Dados inválidos.',
  unknownField: (field: string) => `Campo não permitido: ${field}`,
  payloadTooLarge: 'A requisição excede o tamanho máximo permitido.',
  invitationInvalid: 'Convite inválido ou expirado.',
  invitationUsed: 'Este convite já foi utilizado.',
  resetLinkInvalid: 'Link de redefinição inválido ou expirado.',
  resetLinkUsed:
    'Este link de redefinição já foi usado: cada link cria uma senha só uma vez. Peça um novo link.',
  resetLinkExpired: 'Este link de redefinição expirou: ele vale por 1 hora. Peça um novo link.',
  resetLinkValid: 'Link de redefinição válido.',
  resetRequested: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
  passwordChanged: 'Senha alterada com sucesso!',
  alreadyMember: 'Este usuário já participa deste espaço de trabalho.',
  internal: 'Erro interno do servidor.',
  databaseDown: 'Banco de dados indisponível.',
  malformedJson: 'O corpo da requisição não é um JSON válido.',
  loginRequired: 'Informe o e-mail ou usuário',
  passwordRequired: 'Informe a senha',
  passwordsMismatch: 'As senhas não conferem',
  personNameRequired: 'Informe seu nome',
  colorFormat: 'Informe a cor no formato #RRGGBB',
  fieldRequired: 'Campo obrigatório',
  workspaceNameTooShort: 'O nome deve ter no mínimo 2 caracteres',
  badUrl: 'Endereço inválido: a URL tem uma sequência de caracteres malformada.',
  urlTooLong: 'Endereço da requisição muito longo.',
  loggedOut: 'Sessão encerrada.',
  invalidPassword: 'Senha incorreta.',
  nameRequired: 'Informe seu nome.',
  memberRemoved: 'Usuário removido do espaço de trabalho.',
  userNotFound: 'Nenhum usuário encontrado com este e-mail ou usuário.',
  workspaceLeft: 'Você saiu do espaço de trabalho.',
  conflict: 'O recurso foi alterado por outra ação. Atualize e tente novamente.',
  unsupportedMediaType: 'Tipo de arquivo não suportado.',
  fileTooLarge: 'O arquivo excede o tamanho máximo de 16 MB.',
  storageFull: 'Não há espaço para guardar o arquivo agora. Nada foi salvo; tente de novo mais tarde.',
  storageUnavailable:
    'O armazenamento de arquivos não respondeu. Nada foi salvo; tente de novo em instantes.',
  tooManyFiles: 'Você só pode enviar até 15 arquivos por vez!',
  roleNotAllowed: 'Você não pode atribuir este papel.',
  lastAdmin: 'O espaço de trabalho precisa de ao menos um administrador.',
  noTaskForStageChange: 'Uma oportunidade deve ter ao menos uma tarefa para poder mudar de etapa!',
  wonRequiresProductAndPrice:
    'O campo "Produto" e "Preço" são obrigatórios para a conclusão da oportunidade como "Ganha".',
  lostRequiresReason: 'Informe o motivo da perda.',
  stageRequired: 'Você deve escolher uma etapa!',
  responsibleRequired: 'Você deve escolher algum responsável!',
  // The client recognises this exact server text and shows TOASTS.opportunityClosed.
  opportunityAlreadyClosed: 'This Opportunity is already closed.',
  completionStageMissing: 'Etapa de conclusão não encontrada',
  openingStageMissing: 'Etapa de abertura não encontrada!',
  emptyMessage: 'Digite uma mensagem para abrir a sala!',
  roomNotReopened: 'Ocorreu um erro ao reabrir a sala! Verifique se já não existe outra mais recente aberta.',
  roomOfAnotherUser: 'A sala atual pertence a outro atendente.',
  messageNotDeletable: 'Esta mensagem não pode ser excluída.',
  roomOfAttendant: (name: string) => `Aviso: A sala atual pertence ao atendente ${name}`,
  deleteMessageConfirm: 'Você deseja excluir essa mensagem?',
  stickerUnsupported: 'Sticker ainda não suportado!',
  videoUnsupported: 'Vídeo ainda não suportado! Baixe o arquivo para assistir.',
  messageDeletedForAll: 'Mensagem deletada para todos!',
  dropFiles: 'Arraste Imagen, vídeo, documento ou áudio aqui',
  dropFilesHint: 'Tamanho máximo de cada arquivo de mídia: 16 MB',
  noBots: 'Nenhum Bot encontrado :(',
  noBotsHint: 'Você não possui nenhum Bot integrado ao QRCode.',
  noQuickAnswers: 'Nenhuma mensagem rápida encontrada.',
  closeRoomConfirm: 'Deseja realmente fechar a sala atual? O contato deixará de ser atendido nela.',
  roomAlreadyOpen: 'Já existe uma sala aberta desta oportunidade com este robô.',
  roomIsClosed: 'A sala está fechada: reabra-a para enviar mensagens.',
  roomAlreadyClosed: 'A sala já está fechada.',
  roomNotClosed: 'A sala já está aberta.',
  /** The client falls back to a template when the text names WhatsApp Business (chat.md §4). */
  wabaWindowClosed:
    'Fora da janela de 24 horas do WhatsApp Business: o contato não escreve há mais de 24 horas. Envie um template.',
  templateOnlyOnWaba: 'Templates só podem ser enviados por robôs do WhatsApp Business.',
  fileTypeNotAllowed:
    'Tipo de arquivo não permitido: envie imagem, áudio, vídeo (mp4/3gp), PDF ou documento.',
  invalidBase64: 'Arquivo inválido: envie o conteúdo em base64.',
  messageNotDelivered: 'A mensagem não pôde ser entregue.',
  sendInterrupted:
    'O envio foi interrompido antes da confirmação do canal; não foi repetido, para não chegar duas vezes.',
  idempotencyKeyReused:
    'Esta chave de idempotência (Idempotency-Key) já foi usada com outro conteúdo: gere uma nova chave para um novo envio.',
  idempotencyKeyInvalid: 'Idempotency-Key inválida: use de 1 a 255 caracteres visíveis.',
  channelUnavailable: 'Este canal ainda não está disponível neste servidor.',
  messageNotFound: 'Mensagem não encontrada.',
  emptyChatMessage: 'Digite uma mensagem ou anexe um arquivo.',
  voipNoCredentials: 'Usuário sem credenciais de VoIP neste workspace',
  batchCallFinished: 'Esta fila de ligações já foi finalizada.',
  batchCallEmpty: 'Nenhuma oportunidade deste filtro pode ser discada.',
  cardOnCall: 'Esta oportunidade já está em uma ligação.',
  repOnCall: 'Este usuário já está em uma ligação.',
  callNotActive: 'Esta ligação já foi encerrada.',
  callPhoneRequired: 'Informe o telefone da ligação.',
  phoneWithoutAreaCode: 'O número precisa conter algum DDD',
  requiredFields: 'Por favor, preencha todos os campos obrigatórios',
  listItemNameRequired: 'Informe o nome.',
  listItemNameTooLong: (max: number) => `O nome deve ter no máximo ${max} caracteres.`,
  emptyUpdate: 'Informe ao menos um campo para alterar.',
  invalidColor: 'Cor inválida: use 6 dígitos hexadecimais, sem #.',
  invalidPrice: 'O preço deve estar entre 0 e 9.999.999,99, com no máximo 2 casas decimais.',
  invalidMediaType: 'Tipo de mídia inválido: use Offline, Google ou SocialMedia.',
  invalidProductCategory: 'Categoria de produto inválida: use enrollment, courseware ou other.',
  invalidProductModality: 'Modalidade de produto inválida: use on_site ou remote.',
  /** A second item of the same name in a list, naming the list. */
  listItemExists: {
    tags: 'Já existe uma tag com este nome.',
    campaigns: 'Já existe uma campanha com este nome.',
    medias: 'Já existe uma mídia com este nome.',
    products: 'Já existe um produto com este nome.',
    objections: 'Já existe um motivo de perda com este nome.',
    'interaction-types': 'Já existe uma forma de atendimento com este nome.',
    'task-types': 'Já existe uma ação com este nome.',
    'opportunity-types': 'Já existe um tipo de oportunidade com este nome.',
    'quick-answers': 'Já existe uma resposta rápida com este atalho.',
  },
  listItemDeleted: 'Item excluído com sucesso!',
  listItemUsedByCards: (count: number) =>
    count === 1
      ? 'Não é possível excluir: 1 oportunidade usa este item. Altere-a antes de excluí-lo.'
      : `Não é possível excluir: ${count} oportunidades usam este item. Altere-as antes de excluí-lo.`,
  listItemUsedByTasks: (count: number) =>
    count === 1
      ? 'Não é possível excluir: 1 tarefa usa este item. Altere-a antes de excluí-lo.'
      : `Não é possível excluir: ${count} tarefas usam este item. Altere-as antes de excluí-lo.`,
  quickAnswerShortcut: 'O atalho começa com / e não tem espaços (ex.: /saudacao).',
  quickAnswerContentRequired: 'Informe o texto da resposta.',
  quickAnswerContentTooLong: (max: number) => `O texto deve ter no máximo ${max} caracteres.`,
  stageTypeTaken: (type: string) => `O funil já tem uma etapa do tipo ${type}; só pode haver uma.`,
  stageTypeRequired: (type: string) => `O funil precisa de exatamente uma etapa do tipo ${type}.`,
  stageOrderMismatch: 'A nova ordem precisa conter cada etapa do funil exatamente uma vez.',
  stageHasCards: (count: number) =>
    count === 1
      ? 'Esta etapa tem 1 oportunidade: escolha para qual etapa movê-la antes de excluir.'
      : `Esta etapa tem ${count} oportunidades: escolha para qual etapa movê-las antes de excluir.`,
  stageMoveTargetInvalid: 'Escolha outra etapa aberta do funil para receber as oportunidades.',
  stageNotFound: 'Etapa não encontrada neste espaço de trabalho.',
  botNotFound: 'Robô não encontrado neste espaço de trabalho.',
  // WhatsApp Cloud API: the provider's reason is kept, so the attendant and support read what Meta said.
  whatsappWindowClosed: (reason: string) =>
    `WhatsApp Business: a janela de 24 horas terminou (o contato não escreve há mais de 24 horas). Envie um template aprovado para retomar a conversa. Motivo: ${reason}`,
  whatsappRefused: (reason: string, code: number) =>
    `O WhatsApp Business recusou o pedido: ${reason}${code ? ` (código ${code})` : ''}`,
  whatsappDeliveryFailed: (reason: string) => `O WhatsApp Business não entregou a mensagem: ${reason}`,
  whatsappUnreachable: 'Não foi possível falar com o WhatsApp Business agora. Tente novamente em instantes.',
  // CEP look-up: a quiet hint under the field; the user types the address.
  cepInvalid: 'Informe o CEP com 8 dígitos.',
  cepNotFound: 'CEP não encontrado. Preencha o endereço.',
  cepUnavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço.',
  whatsappNotConfigured:
    'Este funcionário digital não tem o número e o token do WhatsApp Business configurados.',
  whatsappNoBusinessAccount: 'Informe o ID da conta do WhatsApp Business para sincronizar os templates.',
  whatsappMediaTooLarge: 'O arquivo recebido do WhatsApp Business passa de 16 MB.',
  whatsappTemplateFileMissing: 'Anexe o arquivo que o cabeçalho do template pede.',
  whatsappMediaNotReceived: '(arquivo não recebido do WhatsApp Business)',
  whatsappBadSignature: 'Assinatura do WhatsApp Business inválida.',
  whatsappBadVerifyToken: 'Token de verificação do WhatsApp Business inválido.',
  templateNotFound: 'Template não encontrado para este funcionário digital.',
  enrollmentFeeRequired: 'Informe a taxa de matrícula.',
  enrollmentNotOffered: 'A geração de matrícula não está disponível nesta plataforma.',
  enrollmentExists: 'Esta oportunidade já tem uma matrícula pendente ou efetivada.',
  enrollmentDueDatePast: 'O vencimento não pode ser antes de hoje.',
  enrollmentClosedCard: 'Só é possível gerar matrícula de uma oportunidade em aberto.',
  enrollmentNotPending: 'Esta matrícula não está mais pendente.',
  enrollmentNotSandbox: 'Só as matrículas do ambiente de testes são pagas por esta página.',
  asaasNotConfigured: 'Configure a chave de API do Asaas deste workspace para gerar matrículas.',
  asaasUnavailable: 'Não foi possível gerar a cobrança no Asaas agora. Tente novamente em instantes.',
  asaasRefused: (detail: string) => `O Asaas recusou a cobrança: ${detail}`,
  asaasBadToken: 'Token do webhook do Asaas inválido.',
  secretTooShort: 'A chave deve ter pelo menos 8 caracteres.',
  webhookTokenTooShort: 'O token deve ter pelo menos 8 caracteres.',
  templateNameRequired: 'Informe o nome do template.',
  templateNameFormat:
    'Use no nome do template só letras minúsculas sem acento, números e _ (ex.: boas_vindas).',
  templateCategoryInvalid: 'Escolha a categoria do template: Marketing, Utilidade ou Autenticação.',
  templateLanguageInvalid: 'Escolha um idioma aceito pelo WhatsApp Business.',
  templateBodyRequired: 'Escreva o corpo da mensagem.',
  templateVariablesNumbered: 'Use variáveis numeradas: {{1}}, {{2}}, {{3}}…',
  templateVariablesInOrder: 'As variáveis devem seguir a ordem {{1}}, {{2}}, {{3}}… sem pular números.',
  templateBodyVariableAtEdge: 'O corpo não pode começar nem terminar com uma variável.',
  templateExampleRequired: (variable: string) => `Dê um exemplo para a variável ${variable}.`,
  templateExamplesTooMany: 'Há mais exemplos do que variáveis no texto.',
  templateHeaderOneVariable: 'O cabeçalho aceita só uma variável, {{1}}.',
  templateFooterNoVariables: 'O rodapé não aceita variáveis.',
  templateTooManyButtons: 'Um template tem no máximo 10 botões.',
  templateTooManyUrlButtons: 'Um template tem no máximo 2 botões de link.',
  templateTooManyPhoneButtons: 'Um template tem no máximo 1 botão de ligação.',
  templateTooManyCopyButtons: 'Um template tem no máximo 1 botão de copiar código.',
  templateQuickRepliesTogether:
    'Os botões de resposta rápida ficam juntos, antes ou depois dos outros botões.',
  templateButtonTextRequired: 'Escreva o texto do botão.',
  templateUrlInvalid: 'Informe um link completo, começando com https://.',
  templateUrlVariableAtEnd: 'O link aceita só uma variável, {{1}}, no fim do endereço.',
  templatePhoneInvalid: 'Informe o telefone com código do país, só números (ex.: 5511999998888).',
  templateCouponExample: 'Informe um código de exemplo com até 15 letras ou números.',
  templateAuthenticationFixed:
    'Templates de autenticação usam o modelo de código de verificação da Meta: crie-os no Gerenciador do WhatsApp e sincronize.',
  templateSandboxFixed:
    'O simulador usa só os templates de demonstração: crie templates em um funcionário digital do WhatsApp Business.',
  templateExists: 'Já existe um template com este nome e idioma neste funcionário digital.',
  unknownTemplateVariableTitle: 'Variável desconhecida!',
  unknownTemplateVariable: (written: string) =>
    `A variável ${written} não existe. Use uma destas: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}.`,
  templateVariableMissing: (written: string) =>
    `Oportunidade não possui a informação de ${written}: preencha-a no card ou escreva o texto no lugar da variável.`,
  batchConfirmTitle: 'Confirmar disparo',
  batchRecipients: (count: number) => (count === 1 ? '1 destinatário' : `${count} destinatários`),
  batchConfirm: (title: string, recipients: string) =>
    `O disparo "${title}" será enviado agora para ${recipients}. Depois de começar, ele pode ser pausado ou cancelado, mas as mensagens já enviadas não voltam.`,
  batchNoPreview: 'Nenhum destinatário para pré-visualizar com este filtro.',
  batchTemplateNotApproved: 'O WhatsApp Business só envia templates aprovados: escolha um template aprovado.',
  batchNoRecipients: 'Nenhum contato com telefone encontrado para este filtro.',
  batchTooManyRecipients: 'O disparo alcança mais de 10.000 contatos: restrinja o filtro.',
  batchNotPausable: 'Só um disparo agendado ou em andamento pode ser pausado.',
  batchNotResumable: 'Só um disparo pausado pode ser retomado.',
  batchNotCancellable: 'Este disparo já terminou.',
  batchContactBlacklisted: 'Contato na Black List: ignorado no disparo.',
  batchPhoneMissing: 'O card não tem mais telefone.',
  digitalEmployeeNameRequired: 'Informe o nome do funcionário digital.',
  digitalEmployeePhoneNumberIdRequired: 'Informe o ID do número de telefone do WhatsApp Business.',
  digitalEmployeeAccessTokenRequired: 'Informe o token de acesso do WhatsApp Business.',
  digitalEmployeePhoneNumberTaken: 'Outro funcionário digital já usa este número do WhatsApp Business.',
  digitalEmployeeChannelLocked: 'O canal de um funcionário digital não pode ser trocado; crie outro.',
  digitalEmployeeDeleted: 'Funcionário digital excluído com sucesso!',
  digitalEmployeeDeactivated:
    'O funcionário digital tem salas de conversa e foi desativado em vez de excluído: o histórico das salas foi mantido.',
  stagesSaved: 'Funil salvo com sucesso!',
  distributionUserRequired: 'Escolha quem recebe os cards da distribuição.',
  listsSaved: 'Alterações salvas com sucesso!',
  listsNotSaved: 'Nenhuma alteração foi salva: corrija a linha destacada e salve de novo.',
  listRowsInvalid: 'Corrija as linhas destacadas para salvar as alterações.',
  contactNameRequired: 'Informe o nome do contato.',
  phoneRequired: 'Informe o celular.',
  invalidPhone: 'Número de telefone inválido.',
  invalidCpf: VALIDATION_MESSAGES.cpf,
  invalidDate: 'Data inválida: use o formato AAAA-MM-DD.',
  invalidDateTime: 'Data e horário inválidos: use o formato AAAA-MM-DD HH:mm.',
  invalidUrl: 'URL inválida.',
  sourceRequired: 'Informe a origem.',
  mediaRequired: 'Informe a mídia.',
  studentNameRequired: 'Informe o nome do aluno.',
  studentDocumentRequired: 'Informe o CPF do aluno.',
  descriptionTooLong: 'O limite de caracteres do campo de descrição é de 10.000 caracteres.',
  taskDescriptionTooLong: 'A observação deve ter no máximo 1000 caracteres.',
  tooManyTags: 'Uma oportunidade pode ter no máximo 5 etiquetas.',
  invalidProbability: 'A qualificação deve ser 0, 20, 40, 60, 80 ou 100.',
  automaticSourceNotAllowed: 'Esta origem é definida pelo sistema e não pode ser escolhida.',
  creationStageOnly: 'Um card novo só pode começar em uma etapa de entrada (Primeira ou Pré-venda).',
  closedStageByClose: 'Para ganhar ou perder uma oportunidade, use Ganho/Perdido.',
  openStageRequired: 'Escolha uma etapa aberta.',
  opportunityNotOpen: 'Esta oportunidade já está fechada. Reabra-a antes de alterar a etapa.',
  opportunityNotClosed: 'Esta oportunidade já está aberta.',
  sameWorkspaceTransfer: 'A oportunidade já está nesta área de trabalho.',
  workspaceChangeByTransfer: 'Para mudar a área de trabalho, use a transferência.',
  contactIdMismatch: 'O contato informado não corresponde ao contact_id.',
  idMismatch: 'O id do corpo não corresponde ao do endereço.',
  responsibleNotChangeable: 'Você não pode alterar o responsável desta oportunidade.',
  responsibleOutsideHierarchy: 'Este responsável não faz parte da sua hierarquia.',
  responsibleFieldRequired: 'Informe o responsável.',
  taskTypeRequired: 'Informe a ação.',
  interactionTypeRequired: 'Informe a forma de atendimento.',
  taskDateRequired: 'Informe a data e o horário.',
  opportunityRequired: 'Defina uma Oportunidade!',
  registryFlagLocked: 'Não é possível transformar um agendamento em registro, nem o contrário.',
  taskAlreadyCompleted: 'Esta tarefa já está concluída.',
  registryNotEndable: 'Um registro já nasce concluído.',
  opportunityDeleted: 'Oportunidade excluída com sucesso!',
  taskDeleted: 'Tarefa deletada com sucesso!',
  interactionTypeNotFound: 'Forma de atendimento não encontrada neste espaço de trabalho.',
  interactionTypeInUse: (actions: string) =>
    `Esta forma de atendimento é a padrão de: ${actions}. Escolha outra forma padrão para essas ações antes de excluí-la.`,
  taskTypeNotFound: 'Ação não encontrada neste espaço de trabalho.',
  responsibleNotFound: 'Responsável não encontrado neste espaço de trabalho.',
  contactRequired: 'Informe o contato: nome e celular.',
  contactPhoneTaken: 'Já existe outro contato com este celular neste espaço de trabalho.',
  opportunityClosedAlready: 'Esta oportunidade já está fechada. Reabra-a antes de fechá-la de novo.',
  cardBatchSelectionRequired: 'Escolha as oportunidades: uma lista de ids ou um filtro, não os dois.',
  closedOpportunitiesNotTransferable: (ids: string) =>
    `Oportunidades fechadas não podem ser transferidas: ${ids}.`,
  // Task form, activity history and contacts screen.
  taskFieldRequired: (field: string) => `O campo "${field}" é obrigatório.`,
  /** A schedule may be in the past (it starts overdue, like a rescheduled late task): the form warns, not refuses. */
  taskScheduledInPast:
    'Esta data e horário já passaram: a tarefa ficará atrasada. Se ela já aconteceu, marque "Esta tarefa é um registro".',
  videoCallTimeRequired: 'Defina um horário!',
  videoCallDateRequired: 'Defina uma data!',
  taskDeleteConfirm: 'Tem certeza disso?',
  historyLostReasonNotFound: 'Motivo não encontrado',
  historyNoLostDescription: 'Sem descrição',
  opportunityWithoutPhone: 'Atualmente essa oportunidade não possui número de telefone integrado.',
  contactUpdated: 'Contato atualizado com sucesso!',
  // Card modals (create, edit, close, transfer).
  invalidBirthdate: 'Data inválida: use o formato DD/MM/AAAA.',
  cardCreated: 'Card criado com sucesso!',
  opportunitySaved: 'Oportunidade atualizada com sucesso!',
  responsibleChanged: 'Responsável alterado com sucesso!',
  opportunityTransferred: 'Oportunidade transferida com sucesso!',
  cardBatchAssigned: (n: number) =>
    n === 1 ? 'Responsável trocado em 1 card.' : `Responsável trocado em ${n.toLocaleString('pt-BR')} cards.`,
  cardBatchTransferred: (n: number) =>
    n === 1
      ? '1 card transferido com sucesso!'
      : `${n.toLocaleString('pt-BR')} cards transferidos com sucesso!`,
  cardBatchSkipped: (n: number) =>
    n === 1
      ? '1 card ficou de fora: estava fechado ou foi alterado por outra pessoa.'
      : `${n.toLocaleString('pt-BR')} cards ficaram de fora: estavam fechados ou foram alterados por outra pessoa.`,
  cardBatchFailed: 'A operação em lote parou antes do fim. Os cards já alterados ficaram como estão.',
  transferWorkspaceRequired: 'Você deve escolher uma área de trabalho!',
  opportunityReopened: 'Oportunidade reaberta com sucesso!',
  reopenConfirmTitle: 'Reabrir oportunidade?',
  reopenConfirm: (state: string, stage: string | null) =>
    `A oportunidade está marcada como ${state}. Ao reabrir, ela volta a ficar aberta ${stage ? `na etapa ${stage}` : 'na última etapa em que esteve'}.`,
  opportunityClosedAsLost: 'Oportunidade encerrada com sucesso!',
  opportunityRecreated: 'Oportunidade recriada com sucesso!',
  recreateConfirmTitle: 'Recriar oportunidade?',
  recreateConfirm: (state: string) =>
    `A oportunidade está marcada como ${state}. Ao recriar, ela começa um novo ciclo, aberta na primeira etapa, e o tempo sem interação volta a contar de agora.`,
  // Lead import (spreadsheet upload).
  leadImportNotMultipart: 'Envie a planilha como multipart/form-data, no campo "file".',
  leadImportFileMissing: 'Envie a planilha (.csv ou .xlsx) no campo "file".',
  leadImportOneFile: 'Envie apenas uma planilha por importação.',
  leadImportFileTooLarge: 'A planilha excede o tamanho máximo de 10 MB.',
  leadImportUnsupportedFile: 'Formato de arquivo não suportado: envie uma planilha .csv ou .xlsx.',
  leadImportUnreadableXlsx: 'Não foi possível ler a planilha .xlsx: o arquivo parece estar corrompido.',
  leadImportUnreadableCsv: 'Não foi possível ler a planilha .csv: verifique as aspas e os separadores.',
  leadImportLegacyExcel:
    'Planilhas .xls ou protegidas por senha não são aceitas: salve-a como .xlsx (sem senha) ou .csv.',
  leadImportEmpty: 'A planilha não tem linhas para importar.',
  leadImportTooManyRows: (max: string) =>
    `A planilha tem mais de ${max} linhas. Divida-a em arquivos menores.`,
  leadImportColumnsMissing:
    'A planilha precisa ter uma coluna de nome e uma de telefone (por exemplo "Nome" e "Telefone") na primeira linha.',
  leadImportUnknownProduct: (name: string) =>
    `Produto "${name}" não encontrado: o card foi importado sem produto.`,
  leadImportUnknownCampaign: (name: string) =>
    `Campanha "${name}" não encontrada: o card foi importado sem campanha.`,
  leadImportUnknownMedia: (name: string) => `Mídia "${name}" não encontrada: o card foi importado sem mídia.`,
  leadImportInvalidValue: (field: string, value: string) =>
    `${field} inválido ("${value}"): importado sem este campo.`,
  leadImportFailed: 'A importação falhou. Tente novamente ou contate o suporte.',
  // Exports (contacts and cards as CSV or XLSX).
  exportNotReady: 'A exportação ainda não terminou. Aguarde alguns instantes.',
  exportFailed: 'A exportação falhou. Tente exportar novamente.',
  exportExpired: 'Este arquivo expirou e não está mais disponível. Exporte novamente.',
  // Tasks per day of the calendar.
  taskDaysRangeRequired: 'Informe o período: start_timestamp e end_timestamp.',
  taskDaysRangeTooLong: (days: number) => `O período deve ter no máximo ${days} dias.`,
  managerIsSelf: 'Um usuário não pode ser o próprio gestor.',
  managerCycle: 'Este gestor já responde a este usuário: a hierarquia não pode formar um ciclo.',
  brandImageMissing: 'Envie a imagem no campo "file".',
  brandImageNotMultipart: 'Envie a imagem como multipart/form-data, no campo "file".',
  brandImageTooLarge: 'A imagem excede o tamanho máximo de 2 MB.',
  brandImageType: 'Formato de imagem não suportado: envie PNG, JPEG ou WebP.',
  brandImageDimensions: (max: number) => `A imagem deve ter no máximo ${max} × ${max} pixels.`,
  platformHostTaken: (host: string) => `O endereço "${host}" já é usado por outra plataforma.`,
  platformHostInvalid: 'Informe um endereço válido, como crm.exemplo.com.br.',
  platformHostsRequired: 'Informe ao menos um endereço da plataforma.',
  platformHostsRepeated: 'Um endereço aparece mais de uma vez.',
  webhookNameRequired: 'Informe o nome do webhook.',
  apiClientNameRequired: 'Informe o nome da integração.',
  apiClientRevoked: 'Esta integração foi revogada.',
  apiRateLimited: 'Limite de chamadas da integração atingido. Aguarde um momento e tente novamente.',
  webhookUrlInvalid: 'Informe um endereço válido, como https://exemplo.com.br/webhook.',
  webhookHttpsRequired: 'O endereço do webhook precisa usar https.',
  webhookUrlPrivate: 'Endereço não permitido: o destino é uma rede privada, local ou reservada.',
  webhookEventsRequired: 'Escolha ao menos um evento.',
  webhookInactive: 'Webhook desativado antes do envio.',
  automationNameRequired: 'Informe o nome da automação.',
  automationTriggerInvalid: 'Escolha um gatilho válido.',
  automationActionInvalid: 'Escolha uma ação válida.',
  automationActionsRequired: 'Adicione ao menos uma ação.',
  automationActionsTooMany: 'Uma automação pode ter no máximo 30 ações.',
  automationAmountInvalid: 'Informe um número inteiro positivo.',
  automationUnitInvalid: 'Escolha minutos ou horas.',
  automationStageClosed: 'Escolha uma etapa aberta: ganho e perda têm gatilhos próprios.',
  automationNotPublished: 'Publique a automação antes de usá-la.',
  automationLoopStopped: (limit: number) =>
    `Execução interrompida: ações de automações dispararam outras automações mais de ${limit} vezes seguidas.`,
  automationContactBlacklisted: 'Contato na lista de bloqueio: a automação não age sobre ele.',
  automationCardClosed: 'A oportunidade não está mais disponível para esta automação.',
  automationWebhookFailed: (status: number) => `O webhook respondeu com o status ${status}.`,
  automationNoAssignee: 'Nenhum responsável disponível na distribuição do workspace.',
  automationDateFieldInvalid: 'Escolha uma data da oportunidade.',
  automationTimeInvalid: 'Informe o horário no formato HH:MM.',
  automationNotifyTargetInvalid: 'Escolha quem será notificado.',
  automationNotifyMessageRequired: 'Escreva a mensagem da notificação.',
  automationNotifyMembersRequired: 'Escolha ao menos um membro para notificar.',
  automationTemplateFilesUnsupported: 'Templates com mídia não podem ser enviados por automação.',
  notificationAutomation: (name: string) => `Automação: ${name}`,
  automationNoPhone: 'O contato da oportunidade não tem telefone.',
  notificationNewMessage: (contact: string) => `Nova mensagem de ${contact}`,
  notificationFileMessage: 'Enviou um arquivo.',
  notificationCardAssigned: 'Oportunidade atribuída a você',
  notificationCardTransferred: 'Oportunidade transferida para você',
  notificationTaskDue: 'Tarefa em 15 minutos',
  notificationTaskDueBody: (task: string, time: string) => `${task} às ${time}`,
  notificationImportDone: 'Importação de leads concluída',
  notificationImportFailed: 'Importação de leads falhou',
  notificationImportBody: (created: number, failed: number) =>
    `${created} ${created === 1 ? 'lead importado' : 'leads importados'}, ${failed} com erro.`,
  notificationExportDone: 'Exportação concluída',
  notificationExportFailed: 'Exportação falhou',
  notificationExportBody: (filename: string) => `O arquivo ${filename} está pronto para baixar.`,
  notificationExportFailedBody: 'Tente exportar novamente.',
  quietHoursIncomplete: 'Informe o início e o fim do horário silencioso.',
  pushSubscriptionInvalid: 'Inscrição de notificações do navegador inválida.',
  pushEndpointRefused: 'Serviço de notificações não permitido: use um endereço https público.',
  // Marketing forms: the builder and the public submissions.
  formNameRequired: 'Informe o nome do formulário.',
  formFieldsRequired: 'Adicione ao menos um campo ao formulário.',
  formFieldKeyRepeated: (key: string) => `Dois campos usam a mesma chave "${key}".`,
  formFieldKeyInvalid: 'Use letras minúsculas, números e _ na chave do campo, começando por uma letra.',
  formFieldLabelRequired: 'Informe o rótulo do campo.',
  formFieldOptionsRequired: 'Informe ao menos uma opção para este campo.',
  formFieldMappedTwice: (field: string) => `O campo do contato "${field}" está ligado a mais de um campo.`,
  formFieldMappingNotAllowed: 'Campos de marcar e o botão limpar não se ligam a campos do contato.',
  formResetNotRequired: 'O botão limpar não pode ser obrigatório.',
  formPhoneFieldRequired: 'Ligue um campo ao telefone do contato.',
  formNameFieldRequired: 'Ligue um campo ao nome do contato ou da oportunidade.',
  formRedirectInvalid:
    'Informe um endereço válido para o redirecionamento, como https://exemplo.com.br/obrigado.',
  formAnswerRequired: 'Este campo é obrigatório',
  formAnswerUnknown: 'Este campo não faz parte do formulário.',
  formAnswerOption: 'Escolha uma das opções do campo.',
  formAnswerInvalid: 'Resposta inválida para este campo.',
  formFillTokenInvalid: 'O formulário expirou. Recarregue a página e envie novamente.',
  formFilledTooFast: 'Envio rápido demais. Confira os dados e envie novamente.',
  formInactive: 'Este formulário não está recebendo respostas.',
  formThankYouDefault: 'Obrigado! Recebemos seus dados e entraremos em contato em breve.',
  newsExpirationFormat: 'Data de expiração inválida: use o formato DD/MM/AAAA.',
  newsVideoHostRefused:
    'Vídeo não permitido: use um endereço https de incorporação do YouTube (youtube.com ou youtube-nocookie.com) ou do Vimeo (player.vimeo.com).',
  newsDeleted: 'Aviso excluído com sucesso!',
  newsImageRefused: 'Imagem não permitida: envie a imagem do carrossel pelo próprio aviso.',
} as const;

/**
 * What a schema says about a field it refuses, on the server (errors[].description) and in forms alike: zod's own
 * texts never reach a user (see zod-locale.ts).
 */
export const SCHEMA_MESSAGES = {
  required: 'Este campo é obrigatório',
  expectedText: 'Informe um texto.',
  expectedNumber: 'Informe um número.',
  expectedInteger: 'Informe um número inteiro.',
  expectedBoolean: 'Informe sim ou não (true ou false).',
  expectedList: 'Informe uma lista.',
  expectedObject: 'Informe um objeto com os campos esperados.',
  expectedDate: 'Informe uma data.',
  invalidValue: 'Valor inválido.',
  invalidOption: (options: string) => `Opção inválida: escolha uma destas: ${options}.`,
  textTooLong: (max: string) => `O texto deve ter no máximo ${max} caracteres.`,
  textTooShort: (min: string) => `O texto deve ter no mínimo ${min} caracteres.`,
  listTooLong: (max: string) => `A lista deve ter no máximo ${max} itens.`,
  listTooShort: (min: string) => `A lista deve ter no mínimo ${min} itens.`,
  numberTooBig: (max: string) => `O valor deve ser no máximo ${max}.`,
  numberNotBelow: (max: string) => `O valor deve ser menor que ${max}.`,
  numberTooSmall: (min: string) => `O valor deve ser no mínimo ${min}.`,
  numberNotAbove: (min: string) => `O valor deve ser maior que ${min}.`,
  fileTooLarge: (max: string) => `O arquivo deve ter no máximo ${max} bytes.`,
  notMultipleOf: (divisor: string) => `O valor deve ser múltiplo de ${divisor}.`,
  invalidFormat: 'Formato inválido.',
  invalidEmail: 'E-mail inválido',
  invalidUrl: 'URL inválida.',
  invalidDateTime: 'Data e horário inválidos: use o formato ISO 8601 (AAAA-MM-DDTHH:mm:ssZ).',
  invalidDate: 'Data inválida: use o formato AAAA-MM-DD.',
  invalidTime: 'Horário inválido: use o formato HH:mm.',
  invalidUuid: 'Identificador inválido.',
  invalidBase64: 'Conteúdo inválido: use base64.',
  unknownFields: (fields: string) => `Campo não permitido: ${fields}`,
  /** NUL characters and lone UTF-16 surrogates: PostgreSQL cannot store the first, and the second is broken text. */
  unsafeText: 'O texto contém caracteres inválidos (caractere nulo ou símbolo incompleto).',
} as const;

/** Toasts quoted by the spec, as { title, message }. */
export const TOASTS = {
  queueStartFailed: {
    title: 'Algo deu errado!',
    message: 'Não conseguimos iniciar sua fila de ligações, tente mais tarde ou contate o suporte.',
  },
  singleCallFailed: {
    title: 'Algo deu errado!',
    message: 'Não conseguimos iniciar sua chamada, tente mais tarde ou contate o suporte.',
  },
  phoneConnectionLost: { title: 'Perda de conexão!', message: 'Conexão com a telefonia perdida!.' },
  notificationUnroutable: {
    title: 'Notificação não direcionável!',
    message: 'Não é possível ser direcionado para a origem dessa notificação.',
  },
  noTask: {
    title: 'Oportunidade sem tarefa!',
    message: 'Uma oportunidade deve ter ao menos uma tarefa para poder mudar de etapa!',
  },
  wonWithoutProductAndPrice: {
    title: 'Oportunidade sem Produto e Valor!',
    message: 'O campo "Produto" e "Preço" são obrigatórios para a conclusão da oportunidade como "Ganha".',
  },
  opportunityClosed: {
    title: 'Oportunidade Fechada',
    message: 'Oportunidades fechadas não podem ser transferidas',
  },
  taskNotRoutable: { title: 'Tarefa não direcionavel!', message: 'Esta tarefa não é direcionável!' },
  fieldLocked: {
    title: 'Campo Bloqueado',
    message: 'Este campo está bloqueado por se tratar de um card externo',
  },
  descriptionLimit: {
    title: 'Limite da Descrição alcançado!',
    message: 'O limite de caracteres do campo de descrição é de 10.000 caracteres.',
  },
  voipNoCredentials: {
    title: 'Usuário sem acesso',
    message: 'Usuário sem credenciais de VoIP neste workspace',
  },
  copied: { title: 'Sucesso', message: 'Copiado com sucesso!' },
  roomClosed: { title: 'Sala fechada!', message: 'Sala do IMBOT fechada com sucesso!' },
  taskSaved: { title: 'Tarefa salva!', message: 'Tarefa salva com sucesso' },
  emptyMessage: { title: 'Mensagem vazia!', message: 'Digite uma mensagem para abrir a sala!' },
  roomNotReopened: {
    title: 'Sala não reaberta!',
    message: 'Ocorreu um erro ao reabrir a sala! Verifique se já não existe outra mais recente aberta.',
  },
  microphoneDenied: {
    title: 'Acesso ao microfone negado!',
    message: 'Algumas funções do sistema precisam de acesso ao microfone para funcionar!',
  },
  recordingDenied: {
    title: 'Permissão negada!',
    message: 'Por favor, permita o acesso ao microfone para gravar áudio!',
  },
  tooManyFiles: { title: 'Limite de arquivos!', message: 'Você só pode enviar até 15 arquivos por vez!' },
  fileTooLarge: {
    title: 'Arquivo muito grande!',
    message: 'O arquivo excede o tamanho máximo de 16 MB e não foi enviado.',
  },
  templateFieldsRequired: {
    title: 'Campos obrigatórios!',
    message: 'Preencha todos os campos obrigatórios.',
  },
  variableMissing: {
    title: 'Informação ausente!',
    message: 'Oportunidade não possui a informação selecionada.',
  },
} as const satisfies Record<string, Toast>;

/** Success texts quoted by the spec. */
export const SUCCESS_MESSAGES = {
  planningSaved: 'Planejamento salvo com sucesso!',
  pdcaSaved: 'PDCA salvo com sucesso!',
  pdcaExportStarted: 'Exportação do PDCA iniciada: o arquivo chega nas notificações quando estiver pronto.',
  planningSubmitted: 'Planejamento enviado com sucesso!',
  scheduleTemplateSaved: 'Modelo de cronograma salvo com sucesso!',
  scheduleTemplateDeleted: 'Modelo de cronograma excluído com sucesso!',
  scheduleTemplateApplied: 'Modelo aplicado ao cronograma com sucesso!',
  scheduleTaskEnded: 'Tarefa do cronograma concluída com sucesso!',
  registryCreated: 'Registro criado com sucesso!',
  registryUpdated: 'Registro atualizado com sucesso!',
  scheduleCreated: 'Agendamento criado com sucesso!',
  scheduleUpdated: 'Agendamento atualizado com sucesso!',
  taskCompleted: 'Tarefa concluída com sucesso!',
  taskDeleted: 'Tarefa deletada com sucesso!',
  descriptionSaved: 'Descrição salva com sucesso!',
  descriptionDeleted: 'Descrição deletada com sucesso!',
  messageDeleted: 'Mensagem excluída com sucesso!',
  enrollmentCreated: 'Matrícula gerada com sucesso!',
  enrollmentPaid: 'Pagamento da matrícula confirmado!',
  enrollmentCanceled: 'Cobrança da matrícula cancelada!',
  enrollmentSettingsSaved: 'Configurações de matrícula salvas com sucesso!',
} as const;

/** The built-in sandbox bot every workspace starts with: its name, greeting and keyword replies. */
export const SANDBOX_BOT = {
  name: 'Assistente Virtual',
  greeting:
    'Olá! Sou o Assistente Virtual. Obrigado pelo contato: um de nossos atendentes já vai falar com você.',
  keywordReplies: [
    {
      keyword: 'preço',
      reply:
        'Nossos valores dependem do curso e do turno. Um atendente vai enviar a tabela completa para você.',
    },
    {
      keyword: 'horário',
      reply: 'Atendemos de segunda a sexta, das 8h às 20h, e aos sábados, das 8h às 12h.',
    },
    {
      keyword: 'endereço',
      reply: 'Estamos na Av. Paulista, 1000 - Bela Vista, São Paulo - SP.',
    },
  ],
} as const;
