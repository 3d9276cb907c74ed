import { z } from 'zod';

// ---------------------------------------------------------------------------
// Sales stages, opportunities, qualification
// ---------------------------------------------------------------------------

export const STAGE_TYPES = [
  'Default',
  'Won',
  'Lost',
  'First',
  'InProgress',
  'Scheduled',
  'Negotiation',
  'Omitted',
  'PreSale',
] as const;
export type StageType = (typeof STAGE_TYPES)[number];
export const stageTypeSchema = z.enum(STAGE_TYPES);
export const STAGE_TYPE_LABELS: Readonly<Record<StageType, string>> = {
  Default: 'Padrão',
  Won: 'Ganho',
  Lost: 'Perdido',
  First: 'Primeira',
  InProgress: 'Em andamento',
  Scheduled: 'Agendamento',
  Negotiation: 'Negociação',
  Omitted: 'Oculta',
  PreSale: 'Pré-venda',
};

/** Stages a new card may start in. */
export const CREATION_STAGE_TYPES = ['First', 'PreSale'] as const satisfies readonly StageType[];
export const CLOSED_STAGE_TYPES = ['Won', 'Lost'] as const satisfies readonly StageType[];

export function isClosedStageType(type: string): boolean {
  return (CLOSED_STAGE_TYPES as readonly string[]).includes(type);
}

export const OPPORTUNITY_STATES = ['Open', 'Won', 'Lost'] as const;
export type OpportunityState = (typeof OPPORTUNITY_STATES)[number];
export const opportunityStateSchema = z.enum(OPPORTUNITY_STATES);

export const STAR_COUNT = 5;
export const POINTS_PER_STAR = 20;
export const DEFAULT_PROBABILITY = 40;

export const QUALIFICATIONS = [
  { value: 20, label: 'Não tem interesse' },
  { value: 40, label: 'Frio' },
  { value: 60, label: 'Morno' },
  { value: 80, label: 'Quente' },
  { value: 100, label: 'Quero contratar' },
] as const;
export const QUALIFICATION_VALUES = [20, 40, 60, 80, 100] as const;
export type Qualification = (typeof QUALIFICATION_VALUES)[number];
export const qualificationSchema = z.literal(QUALIFICATION_VALUES);

export function qualificationLabel(value: number): string | undefined {
  return QUALIFICATIONS.find((q) => q.value === value)?.label;
}

export function probabilityToStars(probability: number): number {
  return Math.max(0, Math.min(STAR_COUNT, Math.round(probability / POINTS_PER_STAR)));
}

export const PRICE_MIN = 0;
export const PRICE_MAX = 9_999_999.99;
export const OPPORTUNITY_DESCRIPTION_MAX = 10_000;
export const TASK_DESCRIPTION_MAX = 1000;
export const MAX_TAGS = 5;

/** Price clamped on blur into 0..9,999,999.99. */
export function clampPrice(price: number): number {
  if (Number.isNaN(price)) return PRICE_MIN;
  return Math.min(PRICE_MAX, Math.max(PRICE_MIN, price));
}

export const TRANSFER_DISTRIBUTIONS = ['WorkspaceConfiguration', 'SpecificUser'] as const;
export type TransferDistribution = (typeof TRANSFER_DISTRIBUTIONS)[number];
export const transferDistributionSchema = z.enum(TRANSFER_DISTRIBUTIONS);
export const DEFAULT_TRANSFER_DISTRIBUTION: TransferDistribution = 'WorkspaceConfiguration';

export const CONTRACT_PAYMENT_STATUSES = ['Pending', 'Succeeded', 'Canceled'] as const;
export type ContractPaymentStatus = (typeof CONTRACT_PAYMENT_STATUSES)[number];
export const contractPaymentStatusSchema = z.enum(CONTRACT_PAYMENT_STATUSES);
export const CONTRACT_PAYMENT_STATUS_LABELS: Readonly<Record<ContractPaymentStatus, string>> = {
  Pending: 'Matrícula Pendente',
  Succeeded: 'Matrícula Efetivada',
  Canceled: 'Matrícula Cancelada',
};

// ---------------------------------------------------------------------------
// Origin: source types and media types
// ---------------------------------------------------------------------------

export const SOURCE_TYPES = [
  'Ligacao',
  'Bella',
  'WhatsappEscola',
  'FormularioSite',
  'FormularioRedesSociais',
  'VisitaEscola',
  'Messenger',
  'Inbox',
  'Email',
  'Direct',
  'Comentario',
  'Importacao',
  'Offline',
  'URA',
  'Imbot',
  'DisparoDeMensagem',
  'FormularioExterno',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export const sourceTypeSchema = z.enum(SOURCE_TYPES);

export const SOURCE_TYPE_LABELS: Readonly<Record<SourceType, string>> = {
  Ligacao: 'Ligação',
  Bella: 'Bella',
  WhatsappEscola: 'WhatsApp Escola',
  FormularioSite: 'Formulário do Site',
  FormularioRedesSociais: 'Formulário de Redes Sociais',
  VisitaEscola: 'Visita à Escola',
  Messenger: 'Messenger',
  Inbox: 'Inbox',
  Email: 'E-mail',
  Direct: 'Direct',
  Comentario: 'Comentário',
  Importacao: 'Importação',
  Offline: 'Offline',
  URA: 'URA',
  Imbot: 'Imbot',
  DisparoDeMensagem: 'Disparo de Mensagem',
  FormularioExterno: 'Formulário Externo',
};

/** Sources set by the system, not by a person: hidden from the create form, origin not required. */
export const AUTOMATIC_SOURCE_TYPES = [
  'URA',
  'Bella',
  'FormularioSite',
  'Importacao',
] as const satisfies readonly SourceType[];

/** Sources whose origin and media are locked on the card (Importacao is only unselectable). */
export const LOCKED_ORIGIN_SOURCE_TYPES = [
  'URA',
  'Bella',
  'FormularioSite',
] as const satisfies readonly SourceType[];

export const DEFAULT_SOURCE_TYPE: SourceType = 'Offline';

export function isAutomaticSource(sourceType: string | null | undefined): boolean {
  return (AUTOMATIC_SOURCE_TYPES as readonly unknown[]).includes(sourceType);
}

/** Source and media are required only when a person made the card. */
export function isManualSource(sourceType: string | null | undefined): boolean {
  return !isAutomaticSource(sourceType);
}

export function isOriginLocked(sourceType: string | null | undefined): boolean {
  return (LOCKED_ORIGIN_SOURCE_TYPES as readonly unknown[]).includes(sourceType);
}

/** Source types offered in the create form. */
export const CREATABLE_SOURCE_TYPES: readonly SourceType[] = SOURCE_TYPES.filter(
  (s) => !isAutomaticSource(s),
);

export const MEDIA_TYPES = ['Offline', 'Google', 'SocialMedia'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const mediaTypeSchema = z.enum(MEDIA_TYPES);
export const MEDIA_TYPE_LABELS: Readonly<Record<MediaType, string>> = {
  Offline: 'Offline',
  Google: 'Google',
  SocialMedia: 'Redes Sociais',
};

/** What a product sells, as the planning counts it: an enrolment (a course), courseware or something else. */
export const PRODUCT_CATEGORIES = ['enrollment', 'courseware', 'other'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const PRODUCT_CATEGORY_LABELS: Readonly<Record<ProductCategory, string>> = {
  enrollment: 'Matrícula',
  courseware: 'Material didático',
  other: 'Outro',
};

/** Whether a product is taken on site or at a distance (EAD). */
export const PRODUCT_MODALITIES = ['on_site', 'remote'] as const;
export type ProductModality = (typeof PRODUCT_MODALITIES)[number];
export const PRODUCT_MODALITY_LABELS: Readonly<Record<ProductModality, string>> = {
  on_site: 'Presencial',
  remote: 'A distância',
};

// ---------------------------------------------------------------------------
// Brazilian states
// ---------------------------------------------------------------------------

export const BRAZILIAN_STATES = [
  { code: 'AC', name: 'Acre' },
  { code: 'AL', name: 'Alagoas' },
  { code: 'AP', name: 'Amapá' },
  { code: 'AM', name: 'Amazonas' },
  { code: 'BA', name: 'Bahia' },
  { code: 'CE', name: 'Ceará' },
  { code: 'DF', name: 'Distrito Federal' },
  { code: 'ES', name: 'Espírito Santo' },
  { code: 'GO', name: 'Goiás' },
  { code: 'MA', name: 'Maranhão' },
  { code: 'MT', name: 'Mato Grosso' },
  { code: 'MS', name: 'Mato Grosso do Sul' },
  { code: 'MG', name: 'Minas Gerais' },
  { code: 'PA', name: 'Pará' },
  { code: 'PB', name: 'Paraíba' },
  { code: 'PR', name: 'Paraná' },
  { code: 'PE', name: 'Pernambuco' },
  { code: 'PI', name: 'Piauí' },
  { code: 'RJ', name: 'Rio de Janeiro' },
  { code: 'RN', name: 'Rio Grande do Norte' },
  { code: 'RS', name: 'Rio Grande do Sul' },
  { code: 'RO', name: 'Rondônia' },
  { code: 'RR', name: 'Roraima' },
  { code: 'SC', name: 'Santa Catarina' },
  { code: 'SP', name: 'São Paulo' },
  { code: 'SE', name: 'Sergipe' },
  { code: 'TO', name: 'Tocantins' },
] as const;
export type StateCode = (typeof BRAZILIAN_STATES)[number]['code'];
export const STATE_CODES = BRAZILIAN_STATES.map((s) => s.code) as [StateCode, ...StateCode[]];
export const stateCodeSchema = z.enum(STATE_CODES);

// ---------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------

export const OPERATIONAL_STATUSES = [
  'Working',
  'Vacation',
  'CompanyLeave',
  'SickLeave',
  'License',
  'Training',
  'IMEvent',
  'ExternalEvent',
  'Other',
] as const;
export type OperationalStatus = (typeof OPERATIONAL_STATUSES)[number];
export const operationalStatusSchema = z.enum(OPERATIONAL_STATUSES);
export const OPERATIONAL_STATUS_LABELS: Readonly<Record<OperationalStatus, string>> = {
  Working: 'Em atividade',
  Vacation: 'Férias',
  CompanyLeave: 'Afastamento pela empresa',
  SickLeave: 'Licença médica',
  License: 'Licença',
  Training: 'Treinamento',
  IMEvent: 'Evento IM',
  ExternalEvent: 'Evento externo',
  Other: 'Outro',
};
/** Only users in this status are listed in pickers. */
export const ACTIVE_OPERATIONAL_STATUS: OperationalStatus = 'Working';

/** Entries of a member's history (the workspace's user logs). */
export const USER_LOG_TYPES = [
  'UserInvited',
  'UserJoined',
  'UserRoleUpdated',
  'UserUpdated',
  'UserRemoved',
  'UserLeft',
  'UserAdded',
  'UserManagerUpdated',
] as const;
export type UserLogType = (typeof USER_LOG_TYPES)[number];
export const USER_LOG_TYPE_TITLES: Readonly<Record<UserLogType, string>> = {
  UserInvited: 'Convite enviado',
  UserJoined: 'Entrou no workspace',
  UserRoleUpdated: 'Função alterada',
  UserUpdated: 'Dados atualizados',
  UserRemoved: 'Removido do workspace',
  UserLeft: 'Saiu do workspace',
  UserAdded: 'Adicionado ao workspace',
  UserManagerUpdated: 'Gestor alterado',
};

export function isUserLogType(type: string): type is UserLogType {
  return (USER_LOG_TYPES as readonly string[]).includes(type);
}

/** What happened to the workspace itself, as the audit screen names it. */
export const WORKSPACE_OWN_LOG_TYPES = [
  'WorkspaceCreated',
  'WorkspaceRenamed',
  'WorkspaceSettingsUpdated',
  'EnrollmentSettingsUpdated',
] as const;
export const WORKSPACE_LOG_TYPE_TITLES: Readonly<Record<(typeof WORKSPACE_OWN_LOG_TYPES)[number], string>> = {
  WorkspaceCreated: 'Workspace criado',
  WorkspaceRenamed: 'Workspace renomeado',
  WorkspaceSettingsUpdated: 'Configurações alteradas',
  EnrollmentSettingsUpdated: 'Configurações de matrícula alteradas',
};
/** The platform's own log: brand edits. */
export const PLATFORM_LOG_TYPE_TITLES: Readonly<Record<'BrandUpdated', string>> = {
  BrandUpdated: 'Marca alterada',
};

// ---------------------------------------------------------------------------
// Admin lists (the lookups a workspace's admins edit)
// ---------------------------------------------------------------------------

/** Each list's path under /workspaces/{id}/ and the `list` its log entries name. */
export const ADMIN_LISTS = [
  'tags',
  'campaigns',
  'medias',
  'products',
  'objections',
  'interaction-types',
  'task-types',
  'opportunity-types',
  'quick-answers',
] as const;
export type AdminList = (typeof ADMIN_LISTS)[number];
export const ADMIN_LIST_LABELS: Readonly<Record<AdminList, string>> = {
  tags: 'Tags',
  campaigns: 'Campanhas',
  medias: 'Mídias',
  products: 'Produtos',
  objections: 'Motivos de perda',
  'interaction-types': 'Formas de atendimento',
  'task-types': 'Ações',
  'opportunity-types': 'Tipos de oportunidade',
  'quick-answers': 'Respostas rápidas',
};
export const LIST_ITEM_NAME_MAX = 120;
/** A quick answer's text, as long as a chat message may reasonably be. */
export const QUICK_ANSWER_CONTENT_MAX = 4000;
/** The longest chat message text, as WhatsApp takes it. */
export const CHAT_MESSAGE_MAX = 4096;

/** The canned chat replies every workspace starts with (spec: 19, keyed by slash commands). */
export const DEFAULT_QUICK_ANSWERS: readonly { shortcut: string; content: string }[] = [
  { shortcut: '/saudacao', content: 'Olá! Tudo bem? Obrigado pelo contato. Como posso ajudar?' },
  { shortcut: '/retorno', content: 'Olá! Estou retornando o seu contato. Podemos conversar agora?' },
  { shortcut: '/bomdia', content: 'Bom dia! Como posso ajudar?' },
  { shortcut: '/boatarde', content: 'Boa tarde! Como posso ajudar?' },
  { shortcut: '/boanoite', content: 'Boa noite! Como posso ajudar?' },
  { shortcut: '/aguarde', content: 'Só um momento, por favor. Já verifico para você.' },
  { shortcut: '/horario', content: 'Nosso horário de atendimento é de segunda a sexta, das 8h às 18h.' },
  { shortcut: '/endereco', content: 'Posso enviar o nosso endereço e a localização no mapa?' },
  { shortcut: '/valores', content: 'Vou enviar os valores e as condições de pagamento.' },
  { shortcut: '/pagamento', content: 'Aceitamos cartão de crédito, boleto e Pix.' },
  {
    shortcut: '/documentos',
    content: 'Para concluir, preciso de uma cópia do RG, do CPF e de um comprovante de residência.',
  },
  {
    shortcut: '/visita',
    content: 'Que tal agendar uma visita? Qual dia e horário ficam melhores para você?',
  },
  { shortcut: '/confirmacao', content: 'Confirmado! Qualquer dúvida, é só me chamar por aqui.' },
  {
    shortcut: '/lembrete',
    content: 'Passando para lembrar do nosso compromisso. Posso confirmar sua presença?',
  },
  { shortcut: '/proposta', content: 'Preparei uma proposta para você. Posso enviar por aqui?' },
  { shortcut: '/duvidas', content: 'Ficou alguma dúvida? Estou à disposição para ajudar.' },
  {
    shortcut: '/semresposta',
    content: 'Não tivemos mais notícias suas. Ainda tem interesse em continuar a conversa?',
  },
  { shortcut: '/obrigado', content: 'Muito obrigado pelo contato! Tenha um ótimo dia.' },
  {
    shortcut: '/encerramento',
    content: 'Vou encerrar este atendimento. Se precisar, é só chamar novamente.',
  },
];

/** Entries of the workspace log written by changes to an admin list. */
export const LIST_LOG_TYPES = ['ListItemCreated', 'ListItemUpdated', 'ListItemDeleted'] as const;
export type ListLogType = (typeof LIST_LOG_TYPES)[number];
export const LIST_LOG_TYPE_TITLES: Readonly<Record<ListLogType, string>> = {
  ListItemCreated: 'Item adicionado',
  ListItemUpdated: 'Item alterado',
  ListItemDeleted: 'Item excluído',
};

/** Entries of the workspace log written by pipeline management. */
export const STAGE_LOG_TYPES = [
  'SalesStageCreated',
  'SalesStageUpdated',
  'SalesStageDeleted',
  'SalesStagesReordered',
] as const;
export type StageLogType = (typeof STAGE_LOG_TYPES)[number];
export const STAGE_LOG_TYPE_TITLES: Readonly<Record<StageLogType, string>> = {
  SalesStageCreated: 'Etapa adicionada',
  SalesStageUpdated: 'Etapa alterada',
  SalesStageDeleted: 'Etapa excluída',
  SalesStagesReordered: 'Etapas reordenadas',
};
/** Entries of the workspace log written by its integrations' tokens. */
export const API_CLIENT_LOG_TYPES = ['ApiClientCreated', 'ApiClientRotated', 'ApiClientRevoked'] as const;
export type ApiClientLogType = (typeof API_CLIENT_LOG_TYPES)[number];
export const API_CLIENT_LOG_TYPE_TITLES: Readonly<Record<ApiClientLogType, string>> = {
  ApiClientCreated: 'Integração criada',
  ApiClientRotated: 'Chave da integração renovada',
  ApiClientRevoked: 'Integração revogada',
};

/** Every entry the audit screen shows: the workspace's log (itself, its people, lists, stages) and the brand's. */
export const AUDIT_LOG_TYPES = [
  ...WORKSPACE_OWN_LOG_TYPES,
  ...USER_LOG_TYPES,
  ...LIST_LOG_TYPES,
  ...STAGE_LOG_TYPES,
  ...API_CLIENT_LOG_TYPES,
  'BrandUpdated',
] as const;
export type AuditLogType = (typeof AUDIT_LOG_TYPES)[number];
/** A workspace log entry's type: the server writes no other. */
export type WorkspaceLogType = Exclude<AuditLogType, 'BrandUpdated'>;
export const AUDIT_LOG_TYPE_TITLES: Readonly<Record<AuditLogType, string>> = {
  ...WORKSPACE_LOG_TYPE_TITLES,
  ...USER_LOG_TYPE_TITLES,
  ...LIST_LOG_TYPE_TITLES,
  ...STAGE_LOG_TYPE_TITLES,
  ...API_CLIENT_LOG_TYPE_TITLES,
  ...PLATFORM_LOG_TYPE_TITLES,
};

/** Stage types a pipeline holds exactly once (Won, Lost) or at most once (First). */
export const UNIQUE_STAGE_TYPES = ['First', 'Won', 'Lost'] as const satisfies readonly StageType[];

export const DEVICE_TYPES = ['Android', 'Ios', 'Desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const deviceTypeSchema = z.enum(DEVICE_TYPES);

// ---------------------------------------------------------------------------
// History (log entries)
// ---------------------------------------------------------------------------

export const LOG_TYPES = [
  'OpportunityClosedWon',
  'OpportunityClosedLost',
  'OpportunitySalesStageUpdated',
  'OpportunityPriceUpdated',
  'OpportunityPriceCreated',
  'OpportunityProbabilityUpdated',
  'OpportunityDescriptionUpdated',
  'OpportunityProductCreated',
  'OpportunityProductUpdated',
  'OpportunityCreated',
  'OpportunityUserUpdated',
  'OpportunityReopened',
  'OpportunityRecreated',
  'OpportunityTma',
  'TaskRegistry',
  'TaskRegistryDeleted',
  'TaskCreated',
  'TaskClosed',
  'TaskReopened',
  'TaskDeleted',
  'TaskRescheduled',
  'OpportunityTransferred',
  'ContractCreated',
  'ContractDeleted',
  'ContractPaymentStatusUpdated',
  'ContractStatusUpdated',
  'ContractUpdated',
  'OpportunityRoomStatusClosed',
  'OpportunityRoomStatusReopened',
  'OpportunityCallSuccess',
  'OpportunityCallAttempt',
  'BatchMessageReply',
  'OpportunityCreatedFromImport',
] as const;
export type LogType = (typeof LOG_TYPES)[number];
export const logTypeSchema = z.enum(LOG_TYPES);

/** Titles quoted by the spec are exact; the others are ours. Room titles come from `logTitle`. */
export const LOG_TYPE_TITLES: Readonly<Record<LogType, string>> = {
  OpportunityClosedWon: 'Oportunidade Ganha',
  OpportunityClosedLost: 'Oportunidade Perdida',
  OpportunitySalesStageUpdated: 'Etapa Alterada',
  OpportunityPriceUpdated: 'Valor Alterado',
  OpportunityPriceCreated: 'Valor Adicionado',
  OpportunityProbabilityUpdated: 'Qualificação Alterada',
  OpportunityDescriptionUpdated: 'Descrição Alterada',
  OpportunityProductCreated: 'Produto Adicionado',
  OpportunityProductUpdated: 'Produto Alterado',
  OpportunityCreated: 'Oportunidade Criada',
  OpportunityUserUpdated: 'Transferência de Responsável',
  OpportunityReopened: 'Oportunidade Reaberta',
  OpportunityRecreated: 'Oportunidade Recriada',
  OpportunityTma: 'Tempo de Atendimento',
  TaskRegistry: 'Registro Criado',
  TaskRegistryDeleted: 'Registro Deletado',
  TaskCreated: 'Tarefa agendada',
  TaskClosed: 'Tarefa Concluída',
  TaskReopened: 'Tarefa Reaberta',
  TaskDeleted: 'Tarefa Deletada',
  TaskRescheduled: 'Tarefa Reagendada',
  OpportunityTransferred: 'Oportunidade Transferida',
  ContractCreated: 'Contrato Criado',
  ContractDeleted: 'Contrato Deletado',
  ContractPaymentStatusUpdated: 'Status de Pagamento Alterado',
  ContractStatusUpdated: 'Status do Contrato Alterado',
  ContractUpdated: 'Contrato Atualizado',
  OpportunityRoomStatusClosed: 'Fechada',
  OpportunityRoomStatusReopened: 'Reaberta',
  OpportunityCallSuccess: 'Ligação Realizada',
  OpportunityCallAttempt: 'Tentativa de Ligação',
  BatchMessageReply: 'Disparo em Massa Efetuado',
  OpportunityCreatedFromImport: 'Oportunidade Importada',
};

const ROOM_LOG_TYPES: readonly LogType[] = ['OpportunityRoomStatusClosed', 'OpportunityRoomStatusReopened'];

/** Title of a history entry; room entries read 'Sala #n - Fechada' / 'Sala #n - Reaberta'. */
export function logTitle(type: LogType, roomId?: number | string | null): string {
  const title = LOG_TYPE_TITLES[type];
  if (!ROOM_LOG_TYPES.includes(type) || roomId === undefined || roomId === null) return title;
  return `Sala #${roomId} - ${title}`;
}

/** Entries that open the task form when clicked. */
export const TASK_LOG_TYPES = [
  'TaskRegistry',
  'TaskRegistryDeleted',
  'TaskCreated',
  'TaskClosed',
  'TaskReopened',
  'TaskDeleted',
  'TaskRescheduled',
] as const satisfies readonly LogType[];

export function isTaskLogType(type: string): boolean {
  return (TASK_LOG_TYPES as readonly string[]).includes(type);
}

// ---------------------------------------------------------------------------
// Tasks
// ---------------------------------------------------------------------------

export const TASK_STATUSES = ['NotStarted', 'InProgress', 'Completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const taskStatusSchema = z.enum(TASK_STATUSES);
export const TASK_STATUS_LABELS: Readonly<Record<TaskStatus, string>> = {
  NotStarted: 'Aberto',
  InProgress: 'Em progresso',
  Completed: 'Completo',
};

export const TASK_PARENT_TYPE = 'Opportunity';

export const TASK_SORT_FIELDS = ['start_timestamp', 'created_at', 'updated_at'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];
export const TASK_SORT_LABELS: Readonly<Record<TaskSortField, string>> = {
  start_timestamp: 'Por horário',
  created_at: 'Por criação',
  updated_at: 'Por atualização',
};
/** Sort on entering the agenda. */
export const DEFAULT_TASK_SORT = 'start_timestamp';
/** Sort after the clear action: descending start. */
export const CLEARED_TASK_SORT = '-start_timestamp';

/** A sort counts as an active filter when its field is not start_timestamp, whatever the direction. */
export function isTaskSortActive(sort: string): boolean {
  return sort.replace(/^-/, '') !== DEFAULT_TASK_SORT;
}

/** Agenda entered from a pipeline card lists the card's tasks from this date on. */
export const TASKS_FROM_OPPORTUNITY_START = '2021-01-01';

export const SCHEDULE_TEMPLATE_TYPES = ['Routine', 'Action'] as const;
export type ScheduleTemplateType = (typeof SCHEDULE_TEMPLATE_TYPES)[number];
export const scheduleTemplateTypeSchema = z.enum(SCHEDULE_TEMPLATE_TYPES);

// ---------------------------------------------------------------------------
// Filters and dashboards
// ---------------------------------------------------------------------------

export const OPPORTUNITY_DATE_TYPES = ['created_at', 'updated_at', 'closed_at', 'voip'] as const;
export type OpportunityDateType = (typeof OPPORTUNITY_DATE_TYPES)[number];
export const opportunityDateTypeSchema = z.enum(OPPORTUNITY_DATE_TYPES);
export const OPPORTUNITY_DATE_TYPE_LABELS: Readonly<Record<OpportunityDateType, string>> = {
  created_at: 'Criação',
  updated_at: 'Atualização',
  closed_at: 'Conclusão',
  voip: 'Voip',
};
export const DASHBOARD_DATE_TYPES = [
  'created_at',
  'updated_at',
] as const satisfies readonly OpportunityDateType[];
export const DEFAULT_OPPORTUNITY_DATE_TYPE: OpportunityDateType = 'updated_at';

export const PLANNING_DATE_TYPES = [
  { value: 'created_at', label: 'Data de criação' },
  { value: 'updated_at', label: 'Data de atualização' },
] as const;
export const PLANNING_AVAILABILITY_OPTIONS = [
  { value: true, label: 'Disponível' },
  { value: false, label: 'Indisponível' },
] as const;
export const OMNICHANNEL_DATE_TYPES = [{ value: 'last_message_at', label: 'Mensagem mais recente' }] as const;

export const CALL_FILTER_OPTIONS = [
  { value: false, label: 'Nenhuma ligação realizada' },
  { value: true, label: 'Ligação realizada' },
] as const;
/** Cards with an answered call, or cards called whose every call went unanswered (refused, voicemail, ≤ 15 s). */
export const ANSWERING_FILTERS = ['answered', 'not_answered'] as const;
export type AnsweringFilter = (typeof ANSWERING_FILTERS)[number];
export const ANSWERING_FILTER_LABELS: Readonly<Record<AnsweringFilter, string>> = {
  answered: 'Todas atendidas',
  not_answered: 'Não atendidas',
};

export const CALL_DURATION_CLASSES = [
  'DurationLessThanAMinute',
  'DurationOneToThreeMinutes',
  'DurationMoreThanThreeMinutes',
] as const;
export type CallDurationClass = (typeof CALL_DURATION_CLASSES)[number];
export const callDurationClassSchema = z.enum(CALL_DURATION_CLASSES);

export const CALL_DURATION_CLASS_LABELS: Readonly<Record<CallDurationClass, string>> = {
  DurationLessThanAMinute: 'Menos de 1 minuto',
  DurationOneToThreeMinutes: 'De 1 a 3 minutos',
  DurationMoreThanThreeMinutes: 'Mais de 3 minutos',
};
/** The talk time in whole seconds each class starts at; it runs until the next class starts. */
export const CALL_DURATION_CLASS_FROM_S: Readonly<Record<CallDurationClass, number>> = {
  DurationLessThanAMinute: 0,
  DurationOneToThreeMinutes: 60,
  DurationMoreThanThreeMinutes: 181,
};

export function callDurationClass(seconds: number): CallDurationClass {
  return (
    CALL_DURATION_CLASSES.findLast((c) => seconds >= CALL_DURATION_CLASS_FROM_S[c]) ??
    'DurationLessThanAMinute'
  );
}

export const DASHBOARD_PAGE_SIZES = {
  salesReps: 10,
  productStats: 9,
  digitalEmployeeOpportunities: 25,
  ranking: 10,
} as const;

// ---------------------------------------------------------------------------
// Planning
// ---------------------------------------------------------------------------

export const PLANNING_PHASES = [
  'PrePlanning',
  'Planning',
  'PlanningMedias',
  'Planning5w2h',
  'Submitted',
] as const;
export type PlanningPhase = (typeof PLANNING_PHASES)[number];
export const planningPhaseSchema = z.enum(PLANNING_PHASES);

/** Planning status numbers: 1 PrePlanning … 5 Submitted. */
export function planningStatusNumber(phase: PlanningPhase): number {
  return PLANNING_PHASES.indexOf(phase) + 1;
}

/** The intake a plan is for: the unit's regular plan, or the graduation (higher-education) intake's action plan. */
export const PLANNING_TYPES = ['regular', 'graduation'] as const;
export type PlanningType = (typeof PLANNING_TYPES)[number];
export const PLANNING_TYPE_LABELS: Readonly<Record<PlanningType, string>> = {
  regular: 'Planejamento comercial',
  graduation: '5W2H Graduação',
};

/** The PDCA cycle of a 5W2H action. */
export const PDCA_STATES = ['Plan', 'Do', 'Check', 'Act'] as const;
export type PdcaState = (typeof PDCA_STATES)[number];
export const PDCA_STATE_LABELS: Readonly<Record<PdcaState, string>> = {
  Plan: 'Planejar',
  Do: 'Executar',
  Check: 'Verificar',
  Act: 'Agir',
};

/** What an action is measured by, counted from the cards of its campaign and media. */
export const PDCA_INDICATORS = ['leads', 'visits', 'enrollments'] as const;
export type PdcaIndicator = (typeof PDCA_INDICATORS)[number];
export const PDCA_INDICATOR_LABELS: Readonly<Record<PdcaIndicator, string>> = {
  leads: 'Leads',
  visits: 'Visitas',
  enrollments: 'Matrículas',
};

export const MONTHS = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;
export type Month = (typeof MONTHS)[number];

export const FIRST_PLANNING_YEAR = 2023;

/** Planning years from next year down to 2023. */
export function planningYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = now.getFullYear() + 1; year >= FIRST_PLANNING_YEAR; year--) years.push(year);
  return years;
}

export const FORM_FIELD_TYPES = ['reset', 'text', 'email', 'tel', 'checkbox', 'radio', 'select'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
export const formFieldTypeSchema = z.enum(FORM_FIELD_TYPES);

// ---------------------------------------------------------------------------
// Chat
// ---------------------------------------------------------------------------

export const TEMPLATE_VARIABLES = [
  'atendente',
  'campanha',
  'cliente',
  'cidade',
  'produto',
  'valor_produto',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

export const MESSAGE_MEDIA_KINDS = ['audio', 'image', 'video', 'sticker', 'document'] as const;
export type MessageMediaKind = (typeof MESSAGE_MEDIA_KINDS)[number];

/** Groups a mime type for display; webp images are stickers. */
export function mediaKindOf(mime: string | null | undefined): MessageMediaKind {
  const type = (mime ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'image/webp') return 'sticker';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  return 'document';
}

export const CHAT_PAGE_SIZE = 20;
export const CHAT_POLL_INTERVAL_MS = 5000;
export const MAX_FILES_PER_SEND = 15;
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;
export const MESSAGE_DELETE_WINDOW_HOURS = 48;
export const MIN_AUDIO_DURATION_MS = 1000;
export const AUDIO_SAMPLE_RATE = 48_000;
export const MIN_USER_SEARCH_LENGTH = 3;
export const QUICK_ANSWER_COUNT = 19;

/** 1 or 2 characters do not search; 0 lists everyone. */
export function shouldSearchUsers(term: string): boolean {
  const length = term.trim().length;
  return length === 0 || length >= MIN_USER_SEARCH_LENGTH;
}

// ---------------------------------------------------------------------------
// Limits, timings and thresholds
// ---------------------------------------------------------------------------

export const LOCALE = 'pt-BR';
export const CURRENCY = 'BRL';

export const LIST_LIMIT = 500;
/** Most tasks a calendar may ask for per day (GET /tasks?per_day=). */
export const TASKS_PER_DAY_MAX = 100;
/** Tasks a calendar month cell shows (per_day of its request); a day with more shows '+N mais' under them. */
export const MONTH_CELL_TASKS = 3;
/** Longest range GET /tasks/days counts, in days: a month view with room to spare. */
export const TASK_DAYS_RANGE_MAX = 62;
export const ADMIN_PAGE_SIZE = 50;
export const HISTORY_PAGE_SIZE = 100;
export const PRODUCT_PAGE_SIZE = 100;
export const OPPORTUNITY_SELECTOR_PAGE_SIZE = 15;
export const USER_PICKER_PAGE_SIZE = 100;
export const CONTACT_TYPEAHEAD_LIMIT = 25;
export const WORKSPACE_LIST_PAGE_SIZE = 10;

export const API_TIMEOUT_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** An open tab asks for the platform's profile (its remote config) again at most this often. */
export const REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS = 60_000;

/** The dial bar's phone status (platform.md §4): waiting for a call, on a call, paused. */
export const PHONE_STATUSES = ['onHold', 'onCall', 'paused'] as const;
export type PhoneStatus = (typeof PHONE_STATUSES)[number];
/** The phone's connection as the dial bar names it; 'Despachando' is a connected phone ready for calls. */
export const PHONE_CONNECTION_STATUSES = [
  'Despachando',
  'Conectando',
  'Desconectado',
  'Sem registro',
  'Falha de registro',
] as const;
export type PhoneConnectionStatus = (typeof PHONE_CONNECTION_STATUSES)[number];

export const DIAL_TIMEOUT_MS = 30_000;
export const QUEUE_AUTO_ADVANCE_MS = 30_000;
export const CALL_RING_MS = 2000;
export const CHAT_RING_MS = 1500;
export const LOST_CONNECTION_END_DELAY_MS = 1500;

/** A call counts as answered when its timer is above this (exactly 15 s is not). */
export const ANSWERED_CALL_THRESHOLD_S = 15;

export function isAnsweredCall(seconds: number): boolean {
  return seconds > ANSWERED_CALL_THRESHOLD_S;
}

export const RESPONSE_TIME_ATTENTION_S = 600;
export const RESPONSE_TIME_EXCEEDED_S = 1800;

export const TOAST_MS = {
  notification: 5000,
  error: 3000,
  warning: 2500,
  success: 1500,
  copied: 2000,
  planning: 3000,
} as const;
/** A form closes this long after its success toast. */
export const FORM_CLOSE_DELAY_MS = 2000;

export const STAGE_COLOR_CONTRAST_THRESHOLD = 0.5;
export const VIDEO_CALL_DURATION_MINUTES = 60;
export const MOBILE_BREAKPOINT_PX = 800;
export const MENU_BREAKPOINT_PX = 1024;

/** Wall-clock time of tasks and history entries: the workspaces work on Brasília time. */
export const APP_TIME_ZONE = 'America/Sao_Paulo';
/** Cards per board column page (infinite scroll). */
export const BOARD_PAGE_SIZE = 50;
/** Cards one batch transfer may move. */
export const BATCH_TRANSFER_MAX = 500;

/**
 * The card-type icons (PLAT-147), on the product's own hosts only. The spec's types 2, 3 and 4 are a workspace's
 * second, third and fourth opportunity types in the order they were made; the first, the default kind of card,
 * has none.
 */
export const OPPORTUNITY_TYPE_ICONS = ['briefcase', 'book', 'truck'] as const;
export type OpportunityTypeIcon = (typeof OPPORTUNITY_TYPE_ICONS)[number];

export function opportunityTypeIcon(
  types: readonly { id: number }[],
  typeId: number | null,
): OpportunityTypeIcon | null {
  if (typeId === null) return null;
  const rank = types
    .map((t) => t.id)
    .sort((a, b) => a - b)
    .indexOf(typeId);
  return rank >= 1 ? (OPPORTUNITY_TYPE_ICONS[rank - 1] ?? null) : null;
}
/** Cards a batch job may name one by one; more are chosen by the board's filter. */
export const BATCH_SELECTION_MAX = 5000;
