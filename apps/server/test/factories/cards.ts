import type { StageType } from '@vendaval/core/constants';
import type { HTTPMethods } from 'fastify';
import { createSalesStages } from '../../src/modules/catalog/catalog.service.ts';
import { DEFAULT_PLATFORM_ID } from '../../src/modules/platform/platform.profiles.ts';
import { createTasks } from '../../src/modules/tasks/tasks.service.ts';
import { buildTestApp, DEFAULT_HOST, RH_HOST, type TestApp, workspaceIds } from '../test-app.ts';

/** The demo people the card tests act as. */
export type Person = 'admin' | 'gerente' | 'atendente' | 'bruno' | 'carla' | 'rh';
const EMAILS: Record<Person, string> = {
  admin: 'admin@demo.local',
  gerente: 'gerente@demo.local',
  atendente: 'atendente@demo.local',
  bruno: 'bruno@demo.local',
  carla: 'carla@demo.local',
  rh: 'admin@rh.local',
};

const RH_PLATFORM_ID = 1;

export interface Stage {
  id: number;
  name: string;
  type: string;
  display_order: number;
}
export interface Item {
  id: number;
  name: string;
  [field: string]: unknown;
}
export type Card = Record<string, unknown> & {
  id: number;
  name: string;
  state_type: string;
  sales_stage_id: number;
  display_order: number;
  user_id: number | null;
  contact_id: number | null;
  price: number;
};
export interface Entry {
  id: number;
  type: string;
  data: Record<string, unknown>;
  user: { id: number; name: string } | null;
  opportunity: { id: number; name: string } | null;
}

export interface World {
  t: TestApp;
  /** Escola Centro and Escola Zona Norte (default platform) and the RH platform's workspace. */
  centro: number;
  zonaNorte: number;
  recrutamento: number;
  /** User ids of the demo people. */
  user: Record<Person, number>;
  call(
    who: Person,
    method: HTTPMethods,
    workspaceId: number,
    path: string,
    payload?: object,
  ): ReturnType<TestApp['call']>;
  stages(workspaceId: number): Promise<Stage[]>;
  stage(workspaceId: number, type: string): Promise<Stage>;
  /** An admin-list item of a workspace by name. */
  item(workspaceId: number, list: string, name: string): Promise<Item>;
  /** A new card through the API (200 asserted), with a fresh contact unless the payload names one. */
  create(who: Person, workspaceId: number, payload?: Record<string, unknown>): Promise<Card>;
  /** The card as its workspace's admin reads it. */
  card(workspaceId: number, id: number): Promise<Card>;
  /** A task on the card, written directly: the task rule needs one and the tasks API is another feature. */
  addTask(workspaceId: number, opportunityId: number): Promise<number>;
  /** Stages written directly (the API only reads them), in the order given. */
  addStages(workspaceId: number, stages: { name: string; type: StageType }[]): Promise<{ id: number }[]>;
  /** The card's history as its workspace's admin reads it, newest first. */
  history(workspaceId: number, opportunityId: number): Promise<Entry[]>;
  /** A phone number no other test uses. */
  phone(): string;
}

export async function cardsWorld(options: Parameters<typeof buildTestApp>[0] = {}): Promise<World> {
  const t = await buildTestApp(options);
  const hostOf = (who: Person) => (who === 'rh' ? RH_HOST : DEFAULT_HOST);
  const tokens = {} as Record<Person, string>;
  for (const [who, email] of Object.entries(EMAILS) as [Person, string][]) {
    tokens[who] = await t.login(email, hostOf(who));
  }
  const demo = await workspaceIds(t, tokens.admin);
  const rh = await workspaceIds(t, tokens.rh, RH_HOST);
  const centro = demo['Escola Centro'] as number;
  const zonaNorte = demo['Escola Zona Norte'] as number;
  const recrutamento = rh['Recrutamento e Seleção'] as number;
  const platformOf = (workspaceId: number) =>
    workspaceId === recrutamento ? RH_PLATFORM_ID : DEFAULT_PLATFORM_ID;
  const adminOf = (workspaceId: number): Person => (workspaceId === recrutamento ? 'rh' : 'admin');

  const call: World['call'] = (who, method, workspaceId, path, payload) =>
    t.call({
      method,
      url: `/api/v1/workspaces/${workspaceId}/${path}`,
      token: tokens[who],
      host: hostOf(who),
      ...(payload ? { payload } : {}),
    });
  const ok = async (res: Awaited<ReturnType<TestApp['call']>>) => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json();
  };

  const user = {} as Record<Person, number>;
  for (const workspaceId of [centro, zonaNorte, recrutamento]) {
    const members = await ok(await call(adminOf(workspaceId), 'GET', workspaceId, 'users?limit=500'));
    for (const m of members.data as { id: number; email: string }[]) {
      const who = (Object.entries(EMAILS) as [Person, string][]).find(([, e]) => e === m.email)?.[0];
      if (who) user[who] = m.id;
    }
  }

  const stages = async (workspaceId: number) =>
    (await ok(await call(adminOf(workspaceId), 'GET', workspaceId, 'sales-stages'))).data as Stage[];
  const item = async (workspaceId: number, list: string, name: string) => {
    const items = (await ok(await call(adminOf(workspaceId), 'GET', workspaceId, list))).data as Item[];
    const found = items.find((i) => i.name === name);
    if (!found) throw new Error(`no ${list} item named ${name}`);
    return found;
  };
  let phones = 0;
  const phone = () => `119${String(70000000 + ++phones).padStart(8, '0')}`;
  const media = {} as Record<number, number>;
  const mediaOf = async (workspaceId: number) => {
    media[workspaceId] ??= (
      await item(workspaceId, 'medias', workspaceId === recrutamento ? 'LinkedIn' : 'Instagram')
    ).id;
    return media[workspaceId];
  };

  return {
    t,
    centro,
    zonaNorte,
    recrutamento,
    user,
    call,
    stages,
    async stage(workspaceId, type) {
      const found = (await stages(workspaceId)).find((s) => s.type === type);
      if (!found) throw new Error(`no ${type} stage`);
      return found;
    },
    item,
    async create(who, workspaceId, payload = {}) {
      const body = {
        source_type: 'Offline',
        media_id: await mediaOf(workspaceId),
        ...(payload.contact_id ? {} : { contact: { name: 'Contato de Teste', phone_number: phone() } }),
        ...payload,
      };
      return ok(await call(who, 'POST', workspaceId, 'opportunities', body));
    },
    async card(workspaceId, id) {
      return ok(await call(adminOf(workspaceId), 'GET', workspaceId, `opportunities/${id}`));
    },
    async addTask(workspaceId, opportunityId) {
      const [task] = await createTasks(t.database.db, { platformId: platformOf(workspaceId), workspaceId }, [
        { opportunityId, name: 'Ligar', startTimestamp: '2026-01-10 10:00' },
      ]);
      if (!task) throw new Error('task not created');
      return task.id;
    },
    addStages(workspaceId, stages) {
      return createSalesStages(
        t.database.db,
        { platformId: platformOf(workspaceId), workspaceId },
        stages.map((s, i) => ({ ...s, color: '228be6', displayOrder: i + 1 })),
      );
    },
    async history(workspaceId, opportunityId) {
      const res = await call(
        adminOf(workspaceId),
        'GET',
        workspaceId,
        `opportunities/history?opportunity_id=${opportunityId}`,
      );
      return (await ok(res)).data as Entry[];
    },
    phone,
  };
}
