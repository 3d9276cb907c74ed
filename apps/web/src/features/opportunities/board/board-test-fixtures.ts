import type { SalesStage, Tag } from '@vendaval/core/schemas/catalog';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';

// Data of the board's tests: a pipeline as the API answers it.

export function cardFixture(overrides: Partial<OpportunityListItem> = {}): OpportunityListItem {
  return {
    id: 12,
    name: 'Maria Silva - Matrícula',
    state_type: 'Open',
    workspace_id: 1,
    sales_stage_id: 1,
    display_order: 3,
    user_id: 8,
    user: { id: 8, name: 'bruno Barros' },
    contact_id: 4,
    contact: { id: 4, name: 'Maria Silva', phone_number: '5511987654321' },
    product_id: 2,
    product: { id: 2, name: 'Ensino Médio' },
    price: 1250.5,
    probability: 60,
    source_type: 'Offline',
    media_id: null,
    campaign_id: null,
    opportunity_type_id: null,
    tags: [],
    tma: null,
    has_open_room: false,
    closed_at: null,
    created_at: '2025-03-10T13:00:00.000Z',
    recreated_at: null,
    updated_at: '2025-03-10T13:00:00.000Z',
    ...overrides,
  };
}

/** Given out of order: the board sorts them. */
export const STAGES: SalesStage[] = [
  { id: 9, name: 'Perdido', color: 'e03131', type: 'Lost', display_order: 9 },
  { id: 2, name: 'Em atendimento', color: '12b886', type: 'InProgress', display_order: 2 },
  { id: 8, name: 'Ganho', color: '2f9e44', type: 'Won', display_order: 8 },
  { id: 1, name: 'Novo lead', color: '228be6', type: 'First', display_order: 1 },
  { id: 3, name: 'Negociação', color: 'fab005', type: 'Negotiation', display_order: 3 },
];

export const TAGS: Tag[] = [
  { id: 1, name: 'Bolsa', color: 'fab005' },
  { id: 2, name: 'Urgente', color: '1c3d7a' },
];
