import type { HTTPMethods } from 'fastify';
import { buildTestApp, DEFAULT_HOST, RH_HOST, type TestApp, workspaceIds } from '../test-app.ts';

/** The demo people the admin-list tests act as. */
export type Person = 'admin' | 'gerente' | 'atendente' | 'rh';
const EMAILS: Record<Person, string> = {
  admin: 'admin@demo.local',
  gerente: 'gerente@demo.local',
  atendente: 'atendente@demo.local',
  rh: 'admin@rh.local',
};

export interface ListItem {
  id: number;
  name: string;
  [field: string]: unknown;
}

export interface ListsWorld {
  t: TestApp;
  /** Escola Centro and Escola Zona Norte (both of the default platform) and the RH platform's workspace. */
  centro: number;
  zonaNorte: number;
  recrutamento: number;
  call(
    who: Person,
    method: HTTPMethods,
    workspaceId: number,
    path: string,
    payload?: object,
  ): ReturnType<TestApp['call']>;
  /** A whole list as `who` sees it, asserting the read succeeds. */
  items(workspaceId: number, list: string, who?: Person): Promise<ListItem[]>;
  /** The newest entries of a workspace's log, read by its admin. */
  logs(workspaceId: number, limit: number): Promise<{ type: string; data: Record<string, unknown> }[]>;
}

/** The real app on a fresh seeded database, with the demo people signed in. */
export async function listsWorld(): Promise<ListsWorld> {
  const t = await buildTestApp();
  const hostOf = (who: Person) => (who === 'rh' ? RH_HOST : DEFAULT_HOST);
  const tokens = {} as Record<Person, string>;
  for (const [who, email] of Object.entries(EMAILS) as [Person, string][]) {
    tokens[who] = await t.login(email, hostOf(who));
  }
  const demo = await workspaceIds(t, tokens.admin);
  const rh = await workspaceIds(t, tokens.rh, RH_HOST);
  const call: ListsWorld['call'] = (who, method, workspaceId, path, payload) =>
    t.call({
      method,
      url: `/api/v1/workspaces/${workspaceId}/${path}`,
      token: tokens[who],
      host: hostOf(who),
      ...(payload ? { payload } : {}),
    });
  const admin = (workspaceId: number): Person =>
    workspaceId === rh['Recrutamento e Seleção'] ? 'rh' : 'admin';
  return {
    t,
    centro: demo['Escola Centro'] as number,
    zonaNorte: demo['Escola Zona Norte'] as number,
    recrutamento: rh['Recrutamento e Seleção'] as number,
    call,
    async items(workspaceId, list, who = admin(workspaceId)) {
      const res = await call(who, 'GET', workspaceId, list);
      if (res.statusCode !== 200) throw new Error(`GET ${list}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
    async logs(workspaceId, limit) {
      const res = await call(admin(workspaceId), 'GET', workspaceId, `logs?limit=${limit}`);
      if (res.statusCode !== 200) throw new Error(`GET logs: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
  };
}
