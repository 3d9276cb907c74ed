import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { openWorkspace } from '../../src/modules/workspaces/workspaces.service.ts';
import { buildTestApp, type TestApp, workspaceIds } from '../test-app.ts';

// The school-franchise profile the planning tests run in: its demo people, its 'Unidade Jardins', a second unit
// 'Unidade Moema' of the same network, and a token of the default platform's admin (another tenant).

export const FRANCHISE_HOST = 'franquia.localhost';
export const FRANCHISE_PLATFORM_ID = 2;
const DEMO_PEOPLE = ['admin', 'gestor', 'orientadora'] as const;
export type FranchisePerson = (typeof DEMO_PEOPLE)[number];

export interface FranchiseWorld {
  t: TestApp;
  jardins: number;
  moema: number;
  /** The default platform's admin: a workspace of another platform. */
  centroToken: string;
  /** Tokens and user ids by the e-mail's name (a test may add its own people). */
  tokens: Record<string, string>;
  ids: Record<string, number>;
  /** A call on the franchise host into a workspace (Unidade Jardins unless named). */
  call(
    who: string,
    method: HTTPMethods,
    path: string,
    payload?: object,
    workspaceId?: number,
  ): ReturnType<TestApp['call']>;
  /** The id of a Unidade Jardins admin-list item by name. */
  named(list: string, name: string): Promise<number>;
}

/** The answer's body, failing with its status and body unless 200. */
export async function ok(res: Awaited<ReturnType<TestApp['call']>>) {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}

export async function franchiseWorld(): Promise<FranchiseWorld> {
  const t = await buildTestApp();
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  for (const who of DEMO_PEOPLE) tokens[who] = await t.login(`${who}@franquia.local`, FRANCHISE_HOST);
  const jardins = (await workspaceIds(t, tokens.admin as string, FRANCHISE_HOST))[
    'Unidade Jardins'
  ] as number;
  const call: FranchiseWorld['call'] = (who, method, path, payload, workspaceId = jardins) =>
    t.call({
      method,
      url: `/api/v1/workspaces/${workspaceId}/${path}`,
      token: tokens[who],
      host: FRANCHISE_HOST,
      ...(payload ? { payload } : {}),
    });
  const members = await ok(await call('admin', 'GET', 'users?limit=500'));
  for (const m of members.data as { id: number; email: string }[])
    ids[m.email.split('@')[0] as string] = m.id;
  const scope = { platformId: FRANCHISE_PLATFORM_ID, userId: ids.admin as number };
  const moema = (await openWorkspace(t.database.db, scope, 'Unidade Moema')).id;
  const named = async (list: string, name: string) =>
    ((await ok(await call('admin', 'GET', `${list}?limit=500`))).data as { id: number; name: string }[]).find(
      (item) => item.name === name,
    )?.id as number;
  return { t, jardins, moema, centroToken: await t.login('admin@demo.local'), tokens, ids, call, named };
}

/**
 * The suite's franchise world: built before its tests, closed after them. Its fields are there once the suite's
 * first beforeAll has run, so read them inside hooks and tests.
 */
export function useFranchiseWorld(): FranchiseWorld {
  const world = {} as FranchiseWorld;
  beforeAll(async () => {
    Object.assign(world, await franchiseWorld());
  });
  afterAll(async () => {
    await world.t?.close();
  });
  return world;
}
