import type { Faker } from '@faker-js/faker';
import { CREATABLE_SOURCE_TYPES, QUALIFICATION_VALUES, type StageType } from '@vendaval/core/constants';
import type { Terms } from '@vendaval/core/terms';
import type { DbOrTx } from '../../infra/db.ts';
import { createSalesStages } from '../catalog/catalog.service.ts';
import { createContacts } from '../contacts/contacts.service.ts';
import { createOpportunities } from '../opportunities/opportunities.service.ts';

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
const PRICES = [0, 189.9, 349.5, 520, 890, 1250, 2400];

interface PipelineScope {
  platformId: number;
  workspaceId: number;
  /** Who the cards are spread across. */
  responsibleIds: number[];
  terms: Terms;
  /** Makes every demo the same from one start to the next. */
  seed: number;
}

/** Stages of every type (won and lost named with the tenant's terms), contacts and cards spread over them. */
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
  const people = await createContacts(
    tx,
    scope,
    Array.from({ length: CARDS_PER_WORKSPACE }, () => demoContact(faker)),
  );
  await createOpportunities(
    tx,
    scope,
    people.map((person, i) => {
      const stage = stages[i % stages.length];
      if (!stage) throw new Error('demo stages missing');
      const closed = stage.type === 'Won' || stage.type === 'Lost';
      const createdAt = faker.date.recent({ days: 60 });
      return {
        name: person.name,
        contactId: person.id,
        salesStageId: stage.id,
        stateType: stage.type === 'Won' ? 'Won' : stage.type === 'Lost' ? 'Lost' : 'Open',
        userId: scope.responsibleIds[i % scope.responsibleIds.length] ?? null,
        price: faker.helpers.arrayElement(PRICES),
        probability: faker.helpers.arrayElement(QUALIFICATION_VALUES),
        sourceType: faker.helpers.arrayElement(CREATABLE_SOURCE_TYPES),
        displayOrder: i,
        createdAt,
        updatedAt: faker.date.between({ from: createdAt, to: new Date() }),
        closedAt: closed ? new Date() : null,
      };
    }),
  );
}

function demoContact(faker: Faker) {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const state = faker.location.state({ abbreviated: true });
  return {
    name: `${firstName} ${lastName}`,
    phoneNumber: `55${faker.string.numeric({ length: 2, exclude: ['0'] })}9${faker.string.numeric(8)}`,
    email: faker.internet.email({ firstName, lastName }).toLowerCase(),
    cityName: faker.location.city(),
    stateCode: state,
  };
}
