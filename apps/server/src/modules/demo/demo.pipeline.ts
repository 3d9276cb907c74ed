import type { Faker } from '@faker-js/faker';
import {
  APP_TIME_ZONE,
  CREATABLE_SOURCE_TYPES,
  QUALIFICATION_VALUES,
  type StageType,
} from '@vendaval/core/constants';
import type { Terms } from '@vendaval/core/terms';
import type { WorkspaceContext } from '../../infra/context.ts';
import { concurrently, type Db, type DbOrTx } from '../../infra/db.ts';
import { createSalesStages } from '../catalog/catalog.service.ts';
import * as lists from '../catalog/lists.service.ts';
import { createContacts } from '../contacts/contacts.service.ts';
import { type HistoryInsert, recordHistory } from '../history/history.service.ts';
import { createOpportunities } from '../opportunities/opportunities.service.ts';
import { createTasks } from '../tasks/tasks.service.ts';
import { seedDemoChats } from './demo.chat.ts';

const STAGES: { name: string; color: string; type: StageType }[] = [
  { name: 'Novo lead', color: '228be6', type: 'First' },
  { name: 'Pré-atendimento', color: '15aabf', type: 'PreSale' },
  { name: 'Em atendimento', color: '12b886', type: 'InProgress' },
  { name: 'Visita agendada', color: '40c057', type: 'Scheduled' },
  { name: 'Negociação', color: 'fab005', type: 'Negotiation' },
  { name: 'Sem retorno', color: 'adb5bd', type: 'Omitted' },
  { name: 'Reativação', color: '7950f2', type: 'Default' },
];
const CARDS_PER_WORKSPACE = 36;
const DAY_MS = 86_400_000;
const NEIGHBORHOODS = ['Centro', 'Jardim América', 'Vila Nova', 'Boa Vista', 'Santa Cruz', 'Bela Vista'];

interface PipelineScope {
  platformId: number;
  workspaceId: number;
  /** The workspace's owner: the lists are read as them. */
  ownerId: number;
  /** Who the cards are spread across. */
  responsibleIds: number[];
  terms: Terms;
  /** Makes every demo the same from one start to the next. */
  seed: number;
}

type Stage = Awaited<ReturnType<typeof createSalesStages>>[number];
type Lists = Awaited<ReturnType<typeof readLists>>;
type Card = Parameters<typeof createOpportunities>[2][number];

/**
 * Stages of every type (won and lost named with the tenant's terms), contacts, and cards spread over them with
 * the workspace's products, medias, campaigns, tags and lost reasons, their tasks and their history. The lists
 * must be seeded first.
 */
export async function seedDemoPipeline(tx: DbOrTx, scope: PipelineScope) {
  // Loaded only when a demo is seeded: it is large and a normal start does not need it.
  const { fakerPT_BR: faker } = await import('@faker-js/faker');
  faker.seed(scope.seed);
  const closing: typeof STAGES = [
    { name: scope.terms.won_term, color: '2f9e44', type: 'Won' },
    { name: scope.terms.lost_term, color: 'e03131', type: 'Lost' },
  ];
  const stages = await createSalesStages(
    tx,
    scope,
    [...STAGES, ...closing].map((s, i) => ({ ...s, displayOrder: i + 1 })),
  );
  const found = await readLists(tx, { ...scope, userId: scope.ownerId, role: 'admin' });
  const contactRows = Array.from({ length: CARDS_PER_WORKSPACE }, (_, i) => demoContact(faker, i));
  const people = await createContacts(tx, scope, contactRows);
  const cards = people.map((person, i) => demoCard(faker, scope, stages, found, person, i));
  const created = await createOpportunities(tx, scope, cards);
  const entries = created.flatMap((card, i) => demoHistory(cards[i] as Card, card, stages, found));
  await recordHistory(tx, scope, ...entries);
  await createTasks(
    tx,
    scope,
    created.flatMap((card, i) => demoTasks(faker, found, card, i)),
  );
  // Cards, their contacts and the rows they were made from share their index.
  const chats = created.map((card, i) => ({
    id: card.id,
    userId: card.userId,
    phone: cards[i]?.stateType === 'Open' ? (contactRows[i]?.phoneNumber ?? null) : null,
  }));
  await seedDemoChats(tx, scope, chats);
}

/** Every item of the workspace's lists, as its owner reads them. */
async function readLists(tx: DbOrTx, ctx: WorkspaceContext) {
  const all = { limit: 500, offset: 0 };
  const db = tx as Db;
  const [products, medias, campaigns, tags, objections, taskTypes, opportunityTypes] = await concurrently(
    tx,
    () => lists.listItems(db, ctx, lists.products, all),
    () => lists.listItems(db, ctx, lists.medias, all),
    () => lists.listItems(db, ctx, lists.campaigns, all),
    () => lists.listItems(db, ctx, lists.tags, all),
    () => lists.listItems(db, ctx, lists.objections, all),
    () => lists.listItems(db, ctx, lists.taskTypes, all),
    () => lists.listItems(db, ctx, lists.opportunityTypes, all),
  );
  return {
    products: products.data,
    medias: medias.data,
    campaigns: campaigns.data,
    tags: tags.data,
    objections: objections.data,
    taskTypes: taskTypes.data,
    opportunityType: opportunityTypes.data.find((t) => t.is_default) ?? null,
  };
}

/** Every third contact has a full address, a CPF and a birth date. */
function demoContact(faker: Faker, i: number) {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const state = faker.location.state({ abbreviated: true });
  const full = i % 3 === 0;
  return {
    name: `${firstName} ${lastName}`,
    phoneNumber: `55${faker.string.numeric({ length: 2, exclude: ['0'] })}9${faker.string.numeric(8)}`,
    email: faker.internet.email({ firstName, lastName }).toLowerCase(),
    cityName: faker.location.city(),
    stateCode: state,
    ...(full
      ? {
          document: faker.string.numeric(11),
          birthdate: faker.date.birthdate({ min: 6, max: 45, mode: 'age' }).toISOString().slice(0, 10),
          postalCode: faker.location.zipCode('#####-###'),
          addressLine1: faker.location.streetAddress(),
          neighborhood: faker.helpers.arrayElement(NEIGHBORHOODS),
        }
      : {}),
  };
}

function demoCard(
  faker: Faker,
  scope: PipelineScope,
  stages: Stage[],
  found: Lists,
  person: { id: number; name: string },
  i: number,
): Card {
  const stage = stages[i % stages.length] as Stage;
  const closed = stage.type === 'Won' || stage.type === 'Lost';
  // Won cards always carry a product and its price; two of three others have one.
  const product = stage.type === 'Won' || i % 3 !== 2 ? faker.helpers.arrayElement(found.products) : null;
  const createdAt = faker.date.recent({ days: 60 });
  const updatedAt = faker.date.between({ from: createdAt, to: new Date() });
  return {
    name: person.name,
    contactId: person.id,
    salesStageId: stage.id,
    stateType: stage.type === 'Won' ? 'Won' : stage.type === 'Lost' ? 'Lost' : 'Open',
    userId: scope.responsibleIds[i % scope.responsibleIds.length] ?? null,
    productId: product?.id ?? null,
    price: product && stage.type !== 'Lost' ? product.price : 0,
    probability: faker.helpers.arrayElement(QUALIFICATION_VALUES),
    sourceType: faker.helpers.arrayElement(CREATABLE_SOURCE_TYPES),
    mediaId: faker.helpers.arrayElement(found.medias).id,
    campaignId: i % 3 === 1 ? faker.helpers.arrayElement(found.campaigns).id : null,
    tagIds: i % 4 === 0 ? faker.helpers.arrayElements(found.tags, { min: 1, max: 2 }).map((t) => t.id) : [],
    opportunityTypeId: found.opportunityType?.id ?? null,
    openStageId: closed ? (stages[i % 5]?.id ?? null) : null,
    closedType: stage.type === 'Lost' ? faker.helpers.arrayElement(found.objections).id : null,
    displayOrder: i,
    createdAt,
    updatedAt,
    closedAt: closed ? updatedAt : null,
  };
}

/** The card's creation and, for a closed card, its close, by its responsible. */
function demoHistory(
  card: Card,
  created: { id: number; contactId: number | null; userId: number | null },
  stages: Stage[],
  found: Lists,
): HistoryInsert[] {
  const entry = { opportunityId: created.id, contactId: created.contactId, userId: created.userId };
  const stage = stages.find((s) => s.id === card.salesStageId);
  const entries: HistoryInsert[] = [{ ...entry, type: 'OpportunityCreated', data: {} }];
  if (stage?.type === 'Won') {
    entries.push({ ...entry, type: 'OpportunityClosedWon', data: { sales_stage_name: stage.name } });
  }
  if (stage?.type === 'Lost') {
    const reason = found.objections.find((o) => o.id === card.closedType);
    entries.push({
      ...entry,
      type: 'OpportunityClosedLost',
      data: { sales_stage_name: stage.name, closed_type: reason?.name ?? null, closed_description: null },
    });
  }
  return entries;
}

/** One or two tasks on five cards of six, over the past and the next two weeks; most past ones done. */
function demoTasks(
  faker: Faker,
  found: Lists,
  card: { id: number; userId: number | null },
  i: number,
): Parameters<typeof createTasks>[2] {
  if (i % 6 === 5) return [];
  return Array.from({ length: faker.number.int({ min: 1, max: 2 }) }, () => {
    const action = faker.helpers.arrayElement(found.taskTypes);
    const days = faker.number.int({ min: -14, max: 14 });
    const past = days < 0;
    const done = past && faker.datatype.boolean(0.7);
    return {
      opportunityId: card.id,
      userId: card.userId,
      name: action.name,
      taskTypeId: action.id,
      interactionTypeId: action.default_interaction_type_id,
      startTimestamp: wallClock(
        days,
        faker.number.int({ min: 8, max: 18 }),
        faker.helpers.arrayElement([0, 30]),
      ),
      isRegistry: done && faker.datatype.boolean(0.3),
      status: done ? 'Completed' : 'NotStarted',
      endedAt: done ? new Date(Date.now() + days * DAY_MS) : null,
    };
  });
}

const brasiliaDay = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE });

/** 'YYYY-MM-DD HH:mm' in Brasília, `days` from today. */
function wallClock(days: number, hour: number, minute: number) {
  const today = brasiliaDay.format(new Date());
  const day = new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  return `${day} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
