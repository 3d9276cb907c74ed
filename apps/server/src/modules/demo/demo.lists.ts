import type {
  Campaign,
  InteractionType,
  Media,
  Objection,
  OpportunityType,
  Product,
  Tag,
} from '@vendaval/core/schemas/catalog';
import type { DbOrTx } from '../../infra/db.ts';
import * as lists from '../catalog/lists.service.ts';

type New<Item> = Omit<Item, 'id'>;

/** The admin lists a demo workspace starts with. Task types name their default interaction type. */
export interface DemoLists {
  tags: New<Tag>[];
  campaigns: New<Campaign>[];
  medias: New<Media>[];
  products: New<Product>[];
  objections: New<Objection>[];
  interactionTypes: New<InteractionType>[];
  taskTypes: { name: string; defaultInteraction: string | null }[];
  opportunityTypes: New<OpportunityType>[];
}

export const SCHOOL_LISTS: DemoLists = {
  tags: [
    { name: 'Bolsa', color: 'fab005' },
    { name: 'Indicação', color: '40c057' },
    { name: 'Irmãos', color: '7950f2' },
    { name: 'Retorno', color: '228be6' },
  ],
  campaigns: [{ name: 'Matrículas 2027' }, { name: 'Volta às Aulas' }, { name: 'Indique um Amigo' }],
  medias: [
    { name: 'Instagram', type: 'SocialMedia' },
    { name: 'Facebook', type: 'SocialMedia' },
    { name: 'Google Ads', type: 'Google' },
    { name: 'Panfleto', type: 'Offline' },
    { name: 'Fachada da escola', type: 'Offline' },
  ],
  products: [
    { name: 'Curso de Inglês', price: 389.9, category: 'enrollment', modality: 'on_site' },
    { name: 'Curso de Espanhol', price: 349.9, category: 'enrollment', modality: 'on_site' },
    { name: 'Reforço Escolar', price: 250, category: 'enrollment', modality: 'on_site' },
    { name: 'Material Didático', price: 189.9, category: 'courseware', modality: 'on_site' },
  ],
  objections: [
    { name: 'Preço' },
    { name: 'Distância' },
    { name: 'Horário incompatível' },
    { name: 'Matriculou-se na concorrência' },
  ],
  interactionTypes: [{ name: 'Ligação' }, { name: 'WhatsApp' }, { name: 'Visita' }, { name: 'E-mail' }],
  taskTypes: [
    { name: 'Ligar', defaultInteraction: 'Ligação' },
    { name: 'Enviar mensagem', defaultInteraction: 'WhatsApp' },
    { name: 'Agendar visita', defaultInteraction: 'Visita' },
    { name: 'Enviar proposta', defaultInteraction: 'E-mail' },
    { name: 'Follow-up', defaultInteraction: null },
  ],
  opportunityTypes: [
    { name: 'Matrícula', is_default: true },
    { name: 'Rematrícula', is_default: false },
    { name: 'Transferência', is_default: false },
  ],
};

/**
 * A franchise unit sells its courses on site and at a distance (EAD), each with its courseware, so every goal of
 * its planning has won cards to count.
 */
export const FRANCHISE_LISTS: DemoLists = {
  ...SCHOOL_LISTS,
  products: [
    { name: 'Curso de Inglês', price: 389.9, category: 'enrollment', modality: 'on_site' },
    { name: 'Curso de Inglês EAD', price: 249.9, category: 'enrollment', modality: 'remote' },
    { name: 'Curso de Espanhol', price: 349.9, category: 'enrollment', modality: 'on_site' },
    { name: 'Curso de Espanhol EAD', price: 219.9, category: 'enrollment', modality: 'remote' },
    { name: 'Material Didático', price: 189.9, category: 'courseware', modality: 'on_site' },
    { name: 'Material Didático EAD', price: 129.9, category: 'courseware', modality: 'remote' },
    { name: 'Taxa de Teste de Nivelamento', price: 50, category: 'other', modality: 'on_site' },
  ],
};

/** A recruiting team's lists: its 'products' are the openings (the tenant's 'cargo'), priced at their salary. */
export const RECRUITING_LISTS: DemoLists = {
  tags: [
    { name: 'Urgente', color: 'e03131' },
    { name: 'Remoto', color: '15aabf' },
    { name: 'PCD', color: '7950f2' },
    { name: 'Indicação', color: '40c057' },
  ],
  campaigns: [
    { name: 'Programa de Estágio 2027' },
    { name: 'Feira de Carreiras' },
    { name: 'Indique um Talento' },
  ],
  medias: [
    { name: 'LinkedIn', type: 'SocialMedia' },
    { name: 'Instagram', type: 'SocialMedia' },
    { name: 'Google Ads', type: 'Google' },
    { name: 'Indicação interna', type: 'Offline' },
  ],
  products: [
    { name: 'Analista de Marketing', price: 5200, category: 'other', modality: 'on_site' },
    { name: 'Desenvolvedor(a) Full Stack', price: 9800, category: 'other', modality: 'remote' },
    { name: 'Assistente Administrativo', price: 2600, category: 'other', modality: 'on_site' },
    { name: 'Vendedor(a) Interno', price: 3100, category: 'other', modality: 'on_site' },
    { name: 'Estágio em RH', price: 1800, category: 'other', modality: 'on_site' },
  ],
  objections: [
    { name: 'Salário abaixo do esperado' },
    { name: 'Desistência do candidato' },
    { name: 'Perfil não aderente' },
    { name: 'Vaga congelada' },
  ],
  interactionTypes: [{ name: 'Ligação' }, { name: 'WhatsApp' }, { name: 'Entrevista' }, { name: 'E-mail' }],
  taskTypes: [
    { name: 'Ligar', defaultInteraction: 'Ligação' },
    { name: 'Agendar entrevista', defaultInteraction: 'WhatsApp' },
    { name: 'Entrevistar', defaultInteraction: 'Entrevista' },
    { name: 'Enviar proposta', defaultInteraction: 'E-mail' },
    { name: 'Enviar retorno', defaultInteraction: 'WhatsApp' },
  ],
  opportunityTypes: [
    { name: 'Vaga efetiva', is_default: true },
    { name: 'Estágio', is_default: false },
    { name: 'Temporário', is_default: false },
  ],
};

/** Fills a demo workspace's admin lists through the lists' own rules. */
export async function seedDemoLists(
  tx: DbOrTx,
  scope: { platformId: number; workspaceId: number },
  demo: DemoLists,
) {
  await lists.seedItems(tx, scope, lists.tags, demo.tags);
  await lists.seedItems(tx, scope, lists.campaigns, demo.campaigns);
  await lists.seedItems(tx, scope, lists.medias, demo.medias);
  await lists.seedItems(tx, scope, lists.products, demo.products);
  await lists.seedItems(tx, scope, lists.objections, demo.objections);
  const interactions = await lists.seedItems(tx, scope, lists.interactionTypes, demo.interactionTypes);
  const interactionId = (name: string | null) => interactions.find((i) => i.name === name)?.id ?? null;
  await lists.seedItems(
    tx,
    scope,
    lists.taskTypes,
    demo.taskTypes.map((action) => ({
      name: action.name,
      default_interaction_type_id: interactionId(action.defaultInteraction),
    })),
  );
  await lists.seedItems(tx, scope, lists.opportunityTypes, demo.opportunityTypes);
}
