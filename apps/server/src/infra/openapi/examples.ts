// Examples of the main resources, as the API answers them (taken from real answers, ids tidied).

export const CARD_EXAMPLE = {
  id: 1287,
  name: 'Matrícula 2026 — Maria Souza',
  state_type: 'Open',
  workspace_id: 1,
  sales_stage_id: 1,
  display_order: 0,
  user_id: 1,
  user: {
    id: 1,
    name: 'Ana Administradora',
  },
  contact_id: 2045,
  contact: {
    id: 2045,
    name: 'Maria Souza',
    phone_number: '5511987654321',
    country_code: '55',
    email: 'maria.souza@exemplo.com.br',
    birthdate: null,
    document: null,
    id_number: null,
    postal_code: null,
    address_line1: null,
    address_line2: null,
    state_code: null,
    city_name: null,
    neighborhood: null,
    instagram: null,
    facebook: null,
    linkedin: null,
    is_blacklisted: false,
    blacklist_reason: null,
    workspace_id: 1,
    created_at: '2026-03-09T13:05:12.000Z',
    updated_at: '2026-03-09T13:05:12.000Z',
  },
  product_id: null,
  product: null,
  price: 1250.5,
  probability: 40,
  source_type: 'FormularioSite',
  media_id: 1,
  campaign_id: 3,
  tags: [],
  tma: null,
  has_open_room: false,
  closed_at: null,
  created_at: '2026-03-09T13:05:12.000Z',
  recreated_at: null,
  updated_at: '2026-03-09T13:05:12.000Z',
  workspace: {
    id: 1,
    name: 'Escola Centro',
  },
  sales_stage: {
    id: 1,
    name: 'Novo lead',
    color: '228be6',
    type: 'First',
  },
  opportunity_type_id: 1,
  media: {
    id: 1,
    name: 'Instagram',
  },
  campaign: {
    id: 3,
    name: 'Matrículas 2026',
  },
  campaign_url: null,
  description: null,
  is_responsible: false,
  student_name: null,
  student_document: null,
  visit_generator: null,
  form_id: null,
  closed_type: null,
  closed_description: null,
  remote_id: null,
  task: {
    count: 0,
  },
  dialogs: [],
  contract: null,
};

export const CONTACT_EXAMPLE = CARD_EXAMPLE.contact;

export const TASK_EXAMPLE = {
  id: 5120,
  name: 'Ligar para confirmar a visita',
  user_id: 1,
  user: {
    id: 1,
    name: 'Ana Administradora',
  },
  parent_id: 1287,
  parent_type: 'Opportunity',
  opportunity: {
    id: 1287,
    name: 'Matrícula 2026 — Maria Souza',
    sales_stage_id: 1,
    state_type: 'Open',
  },
  contact: {
    id: 2045,
    name: 'Maria Souza',
    phone_number: '5511987654321',
  },
  task_type_id: 3,
  task_type: {
    id: 3,
    name: 'Ligar',
  },
  interaction_type_id: 2,
  interaction_type: {
    id: 2,
    name: 'Ligação',
  },
  description: 'Confirmar horário com a responsável.',
  start_timestamp: '2026-03-10 14:30',
  is_registry: false,
  ended_scheduled: false,
  status: 'Open',
  is_delayed: false,
  ended_at: null,
  created_at: '2026-03-09T13:06:40.000Z',
  updated_at: '2026-03-09T13:06:40.000Z',
};

export const MESSAGE_EXAMPLE = {
  id: 9921,
  remote_id: null,
  dialog_id: 431,
  sent_at: '2026-03-09T13:10:02.000Z',
  message: 'Olá, Maria! Podemos confirmar sua visita amanhã às 14h30?',
  header: null,
  footer: null,
  file: null,
  sender: 'user',
  user_id: 1,
  user: {
    name: 'Ana Administradora',
  },
  bot_name: null,
  status: 'pending',
  is_deleted: false,
  error_message: null,
  dialog: {
    id: 431,
    bot_name: 'Robô da Escola',
    media_type: 'WhatsappQrcode',
    closed_at: null,
    opportunity_id: 1287,
  },
  parent: null,
};

const W = '/workspaces/{workspaceId}';
const page = (item: unknown) => ({ data: [item], pagination: { total_count: 1, limit: 50, offset: 0 } });

/** Request and answer examples by operation (`METHOD path`, as in the document after /api/v1). */
export const OPERATION_EXAMPLES: Readonly<Record<string, { request?: unknown; response?: unknown }>> = {
  [`POST ${W}/opportunities`]: {
    request: {
      name: 'Matrícula 2026 — Maria Souza',
      source_type: 'FormularioSite',
      media_id: 1,
      campaign_id: 3,
      price: 1250.5,
      contact: {
        name: 'Maria Souza',
        phone_number: '(11) 98765-4321',
        email: 'maria.souza@exemplo.com.br',
      },
    },
    response: CARD_EXAMPLE,
  },
  [`GET ${W}/opportunities/{id}`]: { response: CARD_EXAMPLE },
  [`PUT ${W}/opportunities/{id}`]: { request: { price: 1490, probability: 70 }, response: CARD_EXAMPLE },
  [`POST ${W}/opportunities/{id}/calls`]: {
    request: {
      duration_seconds: 95,
      voip_username: '2001',
      recording_url: 'https://gravacoes.exemplo.com.br/2026/03/09/abc.mp3',
    },
    response: CARD_EXAMPLE,
  },
  [`GET ${W}/contacts`]: { response: page(CONTACT_EXAMPLE) },
  [`GET ${W}/contacts/{contactId}`]: { response: CONTACT_EXAMPLE },
  [`PUT ${W}/contacts/{contactId}`]: {
    request: { email: 'maria@exemplo.com.br', city_name: 'São Paulo' },
    response: CONTACT_EXAMPLE,
  },
  [`POST ${W}/tasks`]: {
    request: {
      parent_id: 1287,
      name: 'Ligar para confirmar a visita',
      task_type_id: 3,
      interaction_type_id: 2,
      start_timestamp: '2026-03-10 14:30',
      description: 'Confirmar horário com a responsável.',
    },
    response: TASK_EXAMPLE,
  },
  [`GET ${W}/tasks/{id}`]: { response: TASK_EXAMPLE },
  [`POST ${W}/dialogs/{did}/messages`]: {
    request: {
      dialog_id: 431,
      message_object: {
        message: 'Olá, Maria! Podemos confirmar sua visita amanhã às 14h30?',
      },
    },
    response: MESSAGE_EXAMPLE,
  },
  [`GET ${W}/dialogs/{did}/messages`]: { response: page(MESSAGE_EXAMPLE) },
  [`POST ${W}/api-clients`]: {
    request: { name: 'Landing page de matrículas', role: 'imLandingPageApi' },
    response: {
      id: 7,
      name: 'Landing page de matrículas',
      role: 'imLandingPageApi',
      workspace_id: 1,
      secret_hint: 'vdv_Q3k9xZ',
      created_at: '2026-03-09T12:00:00.000Z',
      rotated_at: null,
      revoked_at: null,
      secret: 'vdv_Q3k9xZ7mB2yLw8PpVt4NcR1sKd6HfJ0aEu5gTiYoXqA',
    },
  },
};
