import type { SourceType } from '@vendaval/core/constants';
import type { HistoryEntry } from '@vendaval/core/schemas/history';
import type { Task } from '@vendaval/core/schemas/tasks';
import type { HTTPMethods } from 'fastify';
import { createContacts } from '../../src/modules/contacts/contacts.service.ts';
import { listHistory } from '../../src/modules/history/history.service.ts';
import { seedOpportunities } from '../../src/modules/opportunities/opportunities.service.ts';
import { DEFAULT_PLATFORM_ID } from '../../src/modules/platform/platform.profiles.ts';
import { findUserByEmail } from '../../src/modules/users/users.service.ts';
import { buildTestApp, DEFAULT_HOST, RH_HOST, type TestApp, workspaceIds } from '../test-app.ts';

/** The demo people the task tests act as; bruno is a salesRep of Escola Centro only, carla of Zona Norte only. */
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
const platformOf = (who: Person) => (who === 'rh' ? RH_PLATFORM_ID : DEFAULT_PLATFORM_ID);

export interface Named {
  id: number;
  name: string;
}

/** What a workspace's lists hold, by item name. */
export interface WorkspaceLists {
  id: number;
  platformId: number;
  taskTypes: Record<string, number>;
  interactionTypes: Record<string, number>;
  stages: Named[];
  products: Record<string, number>;
  campaigns: Record<string, number>;
  medias: Record<string, number>;
  objections: Record<string, number>;
}

export interface CardOptions {
  name?: string;
  userId?: number | null;
  stageIndex?: number;
  productId?: number | null;
  campaignId?: number | null;
  mediaId?: number | null;
  closedType?: number | null;
  sourceType?: SourceType;
  contactName?: string;
  phoneNumber?: string;
}

export interface TasksWorld {
  t: TestApp;
  centro: WorkspaceLists;
  zonaNorte: WorkspaceLists;
  recrutamento: WorkspaceLists;
  userIds: Record<Person, number>;
  call(
    who: Person,
    method: HTTPMethods,
    workspaceId: number,
    path: string,
    payload?: object,
  ): ReturnType<TestApp['call']>;
  /** A card (with its contact) inserted through the services, as the seed and imports do. */
  card(ws: WorkspaceLists, options?: CardOptions): Promise<{ id: number; contactId: number }>;
  /** POST /tasks that must succeed. */
  createTask(who: Person, ws: WorkspaceLists, body: object): Promise<Task>;
  /** The history of a card, newest first. */
  history(ws: WorkspaceLists, opportunityId: number): Promise<HistoryEntry[]>;
}

const byName = (items: Named[]) => Object.fromEntries(items.map((i) => [i.name, i.id]));

/** The real app on a fresh seeded database, with the demo people signed in and the lists read by name. */
export async function tasksWorld(): Promise<TasksWorld> {
  const t = await buildTestApp();
  const hostOf = (who: Person) => (who === 'rh' ? RH_HOST : DEFAULT_HOST);
  const tokens = {} as Record<Person, string>;
  const userIds = {} as Record<Person, number>;
  for (const [who, email] of Object.entries(EMAILS) as [Person, string][]) {
    tokens[who] = await t.login(email, hostOf(who));
    const user = await findUserByEmail(t.database.db, platformOf(who), email);
    if (!user) throw new Error(`demo user ${email} missing`);
    userIds[who] = user.id;
  }
  const call: TasksWorld['call'] = (who, method, workspaceId, path, payload) =>
    t.call({
      method,
      url: `/api/v1/workspaces/${workspaceId}/${path}`,
      token: tokens[who],
      host: hostOf(who),
      ...(payload ? { payload } : {}),
    });
  const read = async (who: Person, workspaceId: number, path: string): Promise<Named[]> => {
    const res = await call(who, 'GET', workspaceId, `${path}${path.includes('?') ? '&' : '?'}limit=500`);
    if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const lists = async (who: Person, platformId: number, id: number): Promise<WorkspaceLists> => ({
    id,
    platformId,
    taskTypes: byName(await read(who, id, 'task-types')),
    interactionTypes: byName(await read(who, id, 'interaction-types')),
    stages: await read(who, id, 'sales-stages'),
    products: byName(await read(who, id, 'products')),
    campaigns: byName(await read(who, id, 'campaigns')),
    medias: byName(await read(who, id, 'medias')),
    objections: byName(await read(who, id, 'objections')),
  });
  const demo = await workspaceIds(t, tokens.admin);
  const rh = await workspaceIds(t, tokens.rh, RH_HOST);
  let cards = 0;

  return {
    t,
    centro: await lists('admin', DEFAULT_PLATFORM_ID, demo['Escola Centro'] as number),
    zonaNorte: await lists('admin', DEFAULT_PLATFORM_ID, demo['Escola Zona Norte'] as number),
    recrutamento: await lists('rh', RH_PLATFORM_ID, rh['Recrutamento e Seleção'] as number),
    userIds,
    call,
    async card(ws, o = {}) {
      cards += 1;
      const scope = { platformId: ws.platformId, workspaceId: ws.id };
      const [contact] = await createContacts(t.database.db, scope, [
        {
          name: o.contactName ?? `Contato ${cards}`,
          phoneNumber: o.phoneNumber ?? `55119${String(cards).padStart(8, '0')}`,
        },
      ]);
      const stage = ws.stages[o.stageIndex ?? 0];
      if (!contact || !stage) throw new Error('card fixture: contact or stage missing');
      const [card] = await seedOpportunities(t.database.db, scope, [
        {
          name: o.name ?? `Card ${cards}`,
          contactId: contact.id,
          salesStageId: stage.id,
          userId: o.userId === undefined ? userIds.atendente : o.userId,
          productId: o.productId ?? null,
          campaignId: o.campaignId ?? null,
          mediaId: o.mediaId ?? null,
          closedType: o.closedType ?? null,
          sourceType: o.sourceType ?? 'Offline',
        },
      ]);
      if (!card) throw new Error('card fixture: insert returned nothing');
      return { id: card.id, contactId: contact.id };
    },
    async createTask(who, ws, body) {
      const res = await call(who, 'POST', ws.id, 'tasks', body);
      if (res.statusCode !== 200) throw new Error(`POST tasks: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async history(ws, opportunityId) {
      const scope = { platformId: ws.platformId, workspaceId: ws.id };
      const page = await listHistory(t.database.db, scope, {
        opportunity_id: opportunityId,
        limit: 100,
        offset: 0,
      });
      return page.data;
    },
  };
}

/** Brasília wall-clock time now, 'YYYY-MM-DD HH:mm'. */
export function brasiliaNow(): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date());
}

/** Minutes between two 'YYYY-MM-DD HH:mm' wall-clock times. */
export const minutesApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a.replace(' ', 'T')}Z`) - Date.parse(`${b.replace(' ', 'T')}Z`)) / 60_000;
