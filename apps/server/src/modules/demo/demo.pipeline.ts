import type { Faker } from '@faker-js/faker';
import { CREATABLE_SOURCE_TYPES, QUALIFICATION_VALUES, type StageType } from '@vendaval/core/constants';
import type { Terms } from '@vendaval/core/terms';
import { cpfWithCheckDigits } from '@vendaval/core/validators';
import type { WorkspaceContext } from '../../infra/context.ts';
import { concurrently, type Db, type DbOrTx } from '../../infra/db.ts';
import { createSalesStages } from '../catalog/catalog.service.ts';
import * as lists from '../catalog/lists.service.ts';
import type { SeedMessage } from '../chat/chat.seed.ts';
import { createContacts } from '../contacts/contacts.service.ts';
import { type HistoryInsert, recordHistory } from '../history/history.service.ts';
import { seedOpportunities } from '../opportunities/opportunities.service.ts';
import { createTasks } from '../tasks/tasks.service.ts';
import { seedDemoChats } from './demo.chat.ts';
import { cardTimeline, responseSeconds, type Timeline, taskTiming } from './demo.timeline.ts';

export type DemoStage = { name: string; color: string; type: StageType };

/** A school's funnel: one stage of every open type. */
export const SCHOOL_STAGES: DemoStage[] = [
  { name: 'Novo lead', color: '228be6', type: 'First' },
  { name: 'Pré-atendimento', color: '15aabf', type: 'PreSale' },
  { name: 'Em atendimento', color: '12b886', type: 'InProgress' },
  { name: 'Visita agendada', color: '40c057', type: 'Scheduled' },
  { name: 'Negociação', color: 'fab005', type: 'Negotiation' },
  { name: 'Sem retorno', color: 'adb5bd', type: 'Omitted' },
  { name: 'Reativação', color: '7950f2', type: 'Default' },
];

/** A recruiting funnel: candidates go from their application through interviews to an offer. */
export const RECRUITING_STAGES: DemoStage[] = [
  { name: 'Candidatura recebida', color: '7048e8', type: 'First' },
  { name: 'Triagem', color: '4c6ef5', type: 'PreSale' },
  { name: 'Entrevista', color: '15aabf', type: 'InProgress' },
  { name: 'Teste técnico', color: '12b886', type: 'Scheduled' },
  { name: 'Proposta', color: 'f76707', type: 'Negotiation' },
  { name: 'Sem retorno', color: 'adb5bd', type: 'Omitted' },
  { name: 'Banco de talentos', color: 'be4bdb', type: 'Default' },
];
const CARDS_PER_WORKSPACE = 36;
const NEIGHBORHOODS = ['Centro', 'Jardim América', 'Vila Nova', 'Boa Vista', 'Santa Cruz', 'Bela Vista'];

interface PipelineScope {
  platformId: number;
  workspaceId: number;
  /** The workspace's owner: the lists are read as them. */
  ownerId: number;
  /** Who the cards are spread across. */
  responsibleIds: number[];
  terms: Terms;
  /** The open stages of the funnel; won and lost are added with the tenant's terms. */
  stages: DemoStage[];
  /** Chat conversations, one on each of the first cards. */
  conversations: SeedMessage[][];
  /** Makes every demo the same from one start to the next. */
  seed: number;
}

type Stage = Awaited<ReturnType<typeof createSalesStages>>[number];
type Lists = Awaited<ReturnType<typeof readLists>>;
type Card = Parameters<typeof seedOpportunities>[2][number];
type CreatedCard = { id: number; contactId: number | null; userId: number | null };
type Planned = { card: Card; timeline: Timeline; stage: Stage };

/**
 * Stages of every type (won and lost named with the tenant's terms), contacts, and cards spread over them with
 * the workspace's products, medias, campaigns, tags and lost reasons, their tasks, chats and history, all on one
 * timeline per card over the past weeks. The lists must be seeded first.
 */
export async function seedDemoPipeline(tx: DbOrTx, scope: PipelineScope) {
  // Loaded only when a demo is seeded: it is large and a normal start does not need it.
  const { fakerPT_BR: faker } = await import('@faker-js/faker');
  faker.seed(scope.seed);
  const now = Date.now();
  const closing: DemoStage[] = [
    { name: scope.terms.won_term, color: '2f9e44', type: 'Won' },
    { name: scope.terms.lost_term, color: 'e03131', type: 'Lost' },
  ];
  const stages = await createSalesStages(
    tx,
    scope,
    [...scope.stages, ...closing].map((s, i) => ({ ...s, displayOrder: i + 1 })),
  );
  const found = await readLists(tx, { ...scope, userId: scope.ownerId, role: 'admin' });
  const contactRows = Array.from({ length: CARDS_PER_WORKSPACE }, (_, i) => demoContact(faker, i));
  const plans = contactRows.map((_, i): Omit<Planned, 'card'> => {
    const stage = stages[i % stages.length] as Stage;
    return { stage, timeline: cardTimeline(faker, i, stage.type, now, scope.conversations[i]) };
  });
  const people = await createContacts(
    tx,
    scope,
    contactRows.map((row, i) => ({ ...row, createdAt: plans[i]?.timeline.createdAt })),
  );
  const planned = people.map((person, i): Planned => {
    const plan = plans[i] as Omit<Planned, 'card'>;
    return { ...plan, card: demoCard(faker, scope, stages, found, person, plan, i) };
  });
  const created = await seedOpportunities(
    tx,
    scope,
    planned.map((p) => p.card),
  );
  const tasks = await createTasks(
    tx,
    scope,
    created.flatMap((card, i) => demoTasks(faker, found, card, planned[i] as Planned, i, now)),
  );
  const entries = created.flatMap((card, i) => demoHistory(card, planned[i] as Planned, stages, found));
  await recordHistory(tx, scope, ...entries, ...tasks.flatMap((task) => taskHistory(task, created, found)));
  await seedDemoChats(
    tx,
    scope,
    scope.conversations.flatMap((messages, i) => {
      const card = created[i];
      const phone = contactRows[i]?.phoneNumber;
      return card && phone ? [{ opportunityId: card.id, userId: card.userId, phone, messages }] : [];
    }),
  );
}

/** Every item of the workspace's lists, as its owner reads them. */
async function readLists(tx: DbOrTx, ctx: WorkspaceContext) {
  const all = { limit: 500, offset: 0 };
  const db = tx as Db;
  const [products, medias, campaigns, tags, objections, taskTypes, opportunityTypes, interactionTypes] =
    await concurrently(
      tx,
      () => lists.listItems(db, ctx, lists.products, all),
      () => lists.listItems(db, ctx, lists.medias, all),
      () => lists.listItems(db, ctx, lists.campaigns, all),
      () => lists.listItems(db, ctx, lists.tags, all),
      () => lists.listItems(db, ctx, lists.objections, all),
      () => lists.listItems(db, ctx, lists.taskTypes, all),
      () => lists.listItems(db, ctx, lists.opportunityTypes, all),
      () => lists.listItems(db, ctx, lists.interactionTypes, all),
    );
  return {
    products: products.data,
    medias: medias.data,
    campaigns: campaigns.data,
    tags: tags.data,
    objections: objections.data,
    taskTypes: taskTypes.data,
    interactionTypes: interactionTypes.data,
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
          document: cpfWithCheckDigits(faker.string.numeric(9)),
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
  { stage, timeline }: Omit<Planned, 'card'>,
  i: number,
): Card {
  const closed = stage.type === 'Won' || stage.type === 'Lost';
  // Won cards always carry a product and its price; two of three others have one.
  const product = stage.type === 'Won' || i % 3 !== 2 ? faker.helpers.arrayElement(found.products) : null;
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
    openStageId: closed ? (stages[openStageIndex(i)]?.id ?? null) : null,
    closedType: stage.type === 'Lost' ? faker.helpers.arrayElement(found.objections).id : null,
    displayOrder: i,
    tma: responseSeconds(timeline),
    createdAt: timeline.createdAt,
    updatedAt: timeline.updatedAt,
    closedAt: timeline.closedAt,
  };
}

/** The open stage a closed card was in before it closed. */
const openStageIndex = (i: number) => 1 + (i % 4);

/** The card's creation, first answer, move and close, each at its time on the card's timeline. */
function demoHistory(
  created: CreatedCard,
  { card, timeline, stage }: Planned,
  stages: Stage[],
  found: Lists,
) {
  const entry = { opportunityId: created.id, contactId: created.contactId, userId: created.userId };
  const entries: HistoryInsert[] = [
    { ...entry, type: 'OpportunityCreated', data: {}, createdAt: timeline.createdAt },
  ];
  const tma = responseSeconds(timeline);
  if (timeline.answeredAt && tma !== null) {
    const data = { tma, opportunity_created_at: Math.floor(timeline.createdAt.getTime() / 1000) };
    entries.push({ ...entry, type: 'OpportunityTma', data, createdAt: timeline.answeredAt });
  }
  const closed = stage.type === 'Won' || stage.type === 'Lost';
  const movedTo = closed ? stages.find((s) => s.id === card.openStageId) : stage;
  if (timeline.movedAt && movedTo) {
    const data = { from_name: stages[0]?.name, to_name: movedTo.name };
    entries.push({ ...entry, type: 'OpportunitySalesStageUpdated', data, createdAt: timeline.movedAt });
  }
  if (timeline.closedAt && stage.type === 'Won') {
    const data = { sales_stage_name: stage.name };
    entries.push({ ...entry, type: 'OpportunityClosedWon', data, createdAt: timeline.closedAt });
  }
  if (timeline.closedAt && stage.type === 'Lost') {
    const reason = found.objections.find((o) => o.id === card.closedType);
    const data = {
      sales_stage_name: stage.name,
      closed_type: reason?.name ?? null,
      closed_description: null,
    };
    entries.push({ ...entry, type: 'OpportunityClosedLost', data, createdAt: timeline.closedAt });
  }
  return entries;
}

/** One or two tasks on five cards of six: done ones in the card's past, open ones due soon, a few overdue. */
function demoTasks(
  faker: Faker,
  found: Lists,
  card: CreatedCard,
  { timeline }: Planned,
  i: number,
  now: number,
): Parameters<typeof createTasks>[2] {
  if (i % 6 === 5) return [];
  return Array.from({ length: faker.number.int({ min: 1, max: 2 }) }, (_, n) => {
    const action = faker.helpers.arrayElement(found.taskTypes);
    const when = taskTiming(faker, timeline, n === 0 && i % 9 === 3, now);
    return {
      opportunityId: card.id,
      userId: card.userId,
      name: action.name,
      taskTypeId: action.id,
      interactionTypeId: action.default_interaction_type_id,
      startTimestamp: when.startTimestamp,
      isRegistry: when.done && faker.datatype.boolean(0.3),
      status: when.done ? 'Completed' : 'NotStarted',
      endedAt: when.endedAt,
      createdAt: when.createdAt,
      updatedAt: when.endedAt ?? when.createdAt,
    };
  });
}

type SeededTask = Awaited<ReturnType<typeof createTasks>>[number];

/** A task's entries as the task form writes them: scheduled (or registered), then completed. */
function taskHistory(task: SeededTask, cards: CreatedCard[], found: Lists): HistoryInsert[] {
  const card = cards.find((c) => c.id === task.opportunityId);
  const entry = {
    opportunityId: task.opportunityId,
    contactId: card?.contactId ?? null,
    userId: task.userId,
  };
  const data = {
    id: task.id,
    type_name: found.taskTypes.find((t) => t.id === task.taskTypeId)?.name ?? null,
    end_type_name: found.interactionTypes.find((t) => t.id === task.interactionTypeId)?.name ?? null,
    status_name: task.status,
    description: task.description,
    start_timestamp: task.startTimestamp.slice(0, 19),
  };
  const logged = { ...entry, taskId: task.id, data };
  if (task.isRegistry)
    return [{ ...logged, type: 'TaskRegistry', createdAt: task.endedAt ?? task.createdAt }];
  const scheduled: HistoryInsert = { ...logged, type: 'TaskCreated', createdAt: task.createdAt };
  return task.endedAt ? [scheduled, { ...logged, type: 'TaskClosed', createdAt: task.endedAt }] : [scheduled];
}
