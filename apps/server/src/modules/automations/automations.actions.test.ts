import { MESSAGES } from '@vendaval/core/messages';
import type { AutomationDefinitionInput } from '@vendaval/core/schemas/automations';
import type { TemplateSend } from '@vendaval/core/schemas/chat';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../../test/factories/cards.ts';
import { type ChatWorld, chatWorld, watchSandboxTemplates } from '../../../test/factories/chat.ts';
import { eventually } from '../../../test/factories/webhooks.ts';
import { notifications } from '../../schema/notifications.tables.ts';
import { insertBot, replaceTemplates } from '../bots/bots.queries.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';
import { wallClockOf } from '../tasks/tasks.wall-clock.ts';
import { addBusinessDays } from './automations.calendar.ts';
import { type EngineDeps, scanAutomationTriggers } from './automations.engine.ts';

interface Run {
  id: number;
  status: string;
  trigger: string;
  reason: string | null;
  opportunity: { id: number } | null;
  steps: { type: string; status: string; error: string | null }[];
}

let w: ChatWorld;
let bot: number;
let tag: number;
beforeAll(async () => {
  w = await chatWorld();
  bot = await w.botId(w.centro);
  tag = (await w.item(w.centro, 'tags', 'Retorno')).id;
});
afterAll(() => w.t.close());

/** The sandbox demo template 'boas_vindas' greeting the card's contact by name. */
const greeting: TemplateSend = {
  name: 'boas_vindas',
  language: 'pt_BR',
  components: [{ type: 'body', parameters: [{ type: 'text', text: '{{name}}' }] }],
};
const tagAction = () => ({ type: 'add_tag' as const, tag_id: tag });

const create = (definition: AutomationDefinitionInput, who: Person = 'admin') =>
  w.call(who, 'POST', w.centro, 'automations', { name: 'Teste', definition });

/** A published automation of the centre workspace, removed once `check` is done. */
async function live(definition: AutomationDefinitionInput, check: (id: number) => Promise<void>) {
  const created = await create(definition);
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as number;
  try {
    const published = await w.call('admin', 'POST', w.centro, `automations/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    await check(id);
  } finally {
    await w.call('admin', 'DELETE', w.centro, `automations/${id}`);
  }
}

async function runsOf(id: number, cardId: number) {
  const res = await w.call('admin', 'GET', w.centro, `automations/${id}/logs`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Run[]).filter((r) => r.opportunity?.id === cardId);
}

const finishedRun = (id: number, cardId: number) =>
  eventually(async () => (await runsOf(id, cardId)).find((r) => r.status !== 'running'));

const newCard = (contact: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  w.create('admin', w.centro, {
    user_id: w.user.atendente,
    contact: { name: 'Joana Prado', phone_number: w.phone(), ...contact },
    ...extra,
  });

/** A stage of its own, so conditions on it reach only the cards a test puts there. */
async function freshStage() {
  const [stage] = await w.addStages(w.centro, [{ name: `Etapa ${w.phone()}`, type: 'PreSale' }]);
  if (!stage) throw new Error('no stage');
  return stage.id;
}

const phoneOf = async (cardId: number) =>
  ((await w.card(w.centro, cardId)).contact as { phone_number: string }).phone_number.replace(/\D/g, '');

const engine = (): EngineDeps => ({
  db: w.t.app.deps.db,
  events: w.t.app.deps.events,
  jobs: w.t.app.deps.jobs,
  webhooks: { allowPrivate: true, retryDelaySeconds: 1 },
  mainCollaborator: () => 'salesRep',
  stepsPerMinute: 600,
});

describe('automation actions: a template through a bot, notifications', () => {
  it('a new card gets the greeting template through the sandbox bot, filled with its values, on the simulated phone', async () => {
    const real = w.t.app.deps.channels.sandbox;
    try {
      await live(
        {
          trigger: { type: 'card_created' },
          actions: [{ type: 'send_template', bot_id: bot, template: greeting }],
        },
        async (id) => {
          const seen = watchSandboxTemplates(w, real);
          const card = await newCard({ name: 'Joana Prado' });
          const phone = await phoneOf(card.id);
          expect(await finishedRun(id, card.id)).toMatchObject({
            status: 'completed',
            steps: [{ type: 'send_template', status: 'done' }],
          });
          await w.sent();
          expect(seen).toEqual([
            {
              ...greeting,
              components: [{ type: 'body', parameters: [{ type: 'text', text: 'Joana Prado' }] }],
            },
          ]);
          const screen = await w.call(
            'admin',
            'GET',
            w.centro,
            `simulator/conversations?bot_id=${bot}&phone_number=${phone}`,
          );
          expect(screen.statusCode, screen.body).toBe(200);
          // The contact reads the template's text with the card's values, not its name.
          expect(JSON.stringify(screen.json().data)).toContain('Olá, Joana Prado! Que bom falar com você.');
          const [room] = await w.roomsOf(phone);
          expect(room).toMatchObject({ opportunityId: card.id, userId: w.user.atendente });
          expect(room?.messages.map((m) => m.status)).toEqual(['Delivered']);
        },
      );
    } finally {
      w.t.app.deps.channels.sandbox = real;
    }
  });

  it('refuses a template that is not approved on WhatsApp Business, unknown, with media or on a foreign bot', async () => {
    const scope = { platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro };
    const cloud = await insertBot(w.t.database.db, scope, {
      name: 'Oficial',
      channel: 'whatsapp_cloud',
      waPhoneNumberId: `pn-${w.phone()}`,
      waAccessToken: 'token',
    });
    await replaceTemplates(w.t.database.db, scope, cloud.id, [
      {
        name: 'boas_vindas',
        language: 'pt_BR',
        status: 'PENDING',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Olá {{1}}' }],
      },
    ]);
    const send = (template: TemplateSend, botId = bot): AutomationDefinitionInput => ({
      trigger: { type: 'card_created' },
      actions: [{ type: 'send_template', bot_id: botId, template }],
    });
    const pending = await create(send(greeting, cloud.id));
    expect(pending.json()).toMatchObject({ status: 400, message: MESSAGES.batchTemplateNotApproved });
    expect(pending.json().errors).toContainEqual({
      field: 'definition.actions.0.template',
      description: MESSAGES.batchTemplateNotApproved,
    });
    expect((await create(send({ ...greeting, name: 'nao_existe' }))).statusCode).toBe(404);
    const withFile: TemplateSend = {
      ...greeting,
      components: [
        {
          type: 'header',
          parameters: [{ type: 'image', file: { name: 'a.png', base64File: 'iVBORw0KGgo=' } }],
        },
      ],
    };
    expect((await create(send(withFile))).json().message).toBe(MESSAGES.automationTemplateFilesUnsupported);
    const foreignBot = await w.botId(w.zonaNorte);
    expect((await create(send(greeting, foreignBot))).statusCode).toBe(404);
  });

  it('notifies the card rep, the managers or the chosen members, once per step', async () => {
    const notified = async (cardId: number) => {
      const rows = await w.t.database.db
        .select({ userId: notifications.userId, kind: notifications.kind, body: notifications.body })
        .from(notifications)
        .where(and(eq(notifications.opportunityId, cardId), like(notifications.causeKey, 'automation:%')));
      return rows;
    };
    await live(
      {
        trigger: { type: 'card_created' },
        actions: [
          { type: 'notify', to: 'rep', message: 'Ligue hoje' },
          { type: 'notify', to: 'managers', message: 'Lead novo' },
          { type: 'notify', to: 'members', user_ids: [w.user.bruno], message: 'Veja' },
        ],
      },
      async (id) => {
        const card = await newCard();
        expect((await finishedRun(id, card.id))?.status).toBe('completed');
        const rows = await notified(card.id);
        const to = (text: string) =>
          rows
            .filter((r) => r.body.endsWith(text))
            .map((r) => r.userId)
            .sort();
        expect(to('Ligue hoje')).toEqual([w.user.atendente]);
        expect(to('Lead novo')).toContain(w.user.gerente);
        expect(to('Lead novo')).not.toContain(w.user.atendente);
        expect(to('Veja')).toEqual([w.user.bruno]);
        expect(rows.every((r) => r.kind === 'automation')).toBe(true);
      },
    );
    const none = await create({
      trigger: { type: 'card_created' },
      actions: [{ type: 'notify', to: 'members', message: 'x' }],
    });
    expect(none.json()).toMatchObject({ status: 400, message: MESSAGES.automationNotifyMembersRequired });
    const foreign = await create({
      trigger: { type: 'card_created' },
      actions: [{ type: 'notify', to: 'members', user_ids: [w.user.rh], message: 'x' }],
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('automation triggers: inbound message, a date reached, a daily schedule', () => {
  it('a customer writing in a room of the card starts the inbound-message automation', async () => {
    await live({ trigger: { type: 'inbound_message' }, actions: [tagAction()] }, async (id) => {
      const card = await newCard();
      expect(await runsOf(id, card.id)).toEqual([]);
      await w.inbound(w.centro, { from: await phoneOf(card.id), text: 'Quero saber o preço' });
      expect(await finishedRun(id, card.id)).toMatchObject({
        status: 'completed',
        trigger: 'inbound_message',
      });
      expect((await w.card(w.centro, card.id)).tags).toContain(tag);
    });
  });

  it('a date reached starts once per card and day: days after creation, and a birthday', async () => {
    const stage = await freshStage();
    await live(
      {
        trigger: { type: 'date_reached', field: 'created_at', days_after: 2 },
        conditions: { stage_ids: [stage] },
        actions: [tagAction()],
      },
      async (created) => {
        await live(
          {
            trigger: { type: 'date_reached', field: 'contact_birthdate', days_after: 0 },
            conditions: { stage_ids: [stage] },
            actions: [tagAction()],
          },
          async (birthday) => {
            const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
            const monthDay = wallClockOf(inTwoDays).slice(5, 10);
            const card = await newCard({ birthdate: `1990-${monthDay}` }, { sales_stage_id: stage });
            const other = await newCard({ birthdate: '1990-01-01' }, { sales_stage_id: stage });
            await scanAutomationTriggers(engine(), new Date());
            expect(await runsOf(created, card.id)).toEqual([]);
            await scanAutomationTriggers(engine(), inTwoDays);
            await scanAutomationTriggers(engine(), inTwoDays);
            expect(await runsOf(created, card.id)).toMatchObject([{ trigger: 'date_reached' }]);
            expect(await runsOf(birthday, card.id)).toMatchObject([{ trigger: 'date_reached' }]);
            expect(await runsOf(birthday, other.id)).toEqual([]);
          },
        );
      },
    );
  });

  it('a daily schedule starts on every matching card once a day, at its time', async () => {
    // Noon today in Brasília (UTC-3), the schedule set for five minutes before.
    const now = new Date(`${wallClockOf(new Date()).slice(0, 10)}T12:00:00-03:00`);
    const time = '11:55';
    const stage = await freshStage();
    await live(
      {
        trigger: { type: 'schedule', time },
        conditions: { stage_ids: [stage] },
        actions: [tagAction()],
      },
      async (id) => {
        const inStage = { sales_stage_id: stage };
        const [a, b] = [await newCard({}, inStage), await newCard({}, inStage)];
        const elsewhere = await newCard();
        await scanAutomationTriggers(engine(), new Date(now.getTime() - 10 * 60_000));
        expect(await runsOf(id, a.id)).toEqual([]);
        await scanAutomationTriggers(engine(), now);
        await scanAutomationTriggers(engine(), new Date(now.getTime() + 60_000));
        expect(await runsOf(id, a.id)).toHaveLength(1);
        expect(await runsOf(id, b.id)).toHaveLength(1);
        expect(await runsOf(id, elsewhere.id)).toEqual([]);
        await scanAutomationTriggers(engine(), new Date(now.getTime() + 2 * 3_600_000));
        expect(await runsOf(id, a.id)).toHaveLength(1);
      },
    );
    expect(
      (await create({ trigger: { type: 'schedule', time: '25:00' }, actions: [tagAction()] })).json(),
    ).toMatchObject({ status: 400, message: MESSAGES.automationTimeInvalid });
  });
});

describe('waits in business days', () => {
  // 2026-11-27 is a Friday; Brasília is UTC-3.
  it('skip the weekend, and a wait started on a weekend counts from Monday', () => {
    const friday = new Date('2026-11-27T13:00:00Z');
    expect(addBusinessDays(friday, 1).toISOString()).toBe('2026-11-30T13:00:00.000Z');
    expect(addBusinessDays(friday, 5).toISOString()).toBe('2026-12-04T13:00:00.000Z');
    const saturday = new Date('2026-11-28T13:00:00Z');
    expect(addBusinessDays(saturday, 1).toISOString()).toBe('2026-11-30T13:00:00.000Z');
    // Friday 23:30 in Brasília is already Saturday in UTC: the calendar is Brasília's.
    expect(addBusinessDays(new Date('2026-11-28T02:30:00Z'), 1).toISOString()).toBe(
      '2026-12-01T02:30:00.000Z',
    );
  });
});
