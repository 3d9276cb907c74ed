import { MESSAGES } from '@vendaval/core/messages';
import { DEFAULT_WORKSPACE_SETTINGS } from '@vendaval/core/schemas/workspaces';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';
import { takeRoundRobinAssignee } from '../users/users.queries.ts';

let w: World;
let northStage: number;
beforeAll(async () => {
  w = await cardsWorld();
  northStage = (await w.stage(w.zonaNorte, 'InProgress')).id;
});
afterAll(() => w.t.close());

const settingsOf = async (workspaceId: number) =>
  (await w.call('admin', 'GET', workspaceId, 'settings')).json();
const change = (who: Person, workspaceId: number, payload: object) =>
  w.call(who, 'POST', workspaceId, 'settings', payload);
const transferToNorth = async () => {
  const card = await w.create('admin', w.centro, { user_id: w.user.bruno });
  const res = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/transfer`, {
    workspace_id: w.zonaNorte,
    sales_stage_id: northStage,
    distribution: 'WorkspaceConfiguration',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user_id as number;
};
const latestLog = async (workspaceId: number) =>
  (await w.call('admin', 'GET', workspaceId, 'logs?limit=1')).json().data[0];

describe('workspace settings', () => {
  it('PLAT-233 a workspace saved before the new settings reads them with their defaults', async () => {
    expect(await settingsOf(w.zonaNorte)).toEqual(DEFAULT_WORKSPACE_SETTINGS);
    const read = await w.call('bruno', 'GET', w.centro, 'settings');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      distribution: 'round_robin',
      keep_filters: false,
      calendar_actions: [],
    });
  });

  it('PLAT-233 a salesRep and a manager get 403 on every settings write; nothing changes', async () => {
    for (const who of ['bruno', 'gerente'] as const) {
      for (const payload of [
        { distribution: 'fixed_user', distribution_user_id: w.user.bruno },
        { keep_filters: true },
        { responsible_check: true },
        { calendar_actions: [] },
      ]) {
        const res = await change(who, w.centro, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MESSAGES.forbidden);
      }
    }
    expect(await settingsOf(w.centro)).toMatchObject({ distribution: 'round_robin', keep_filters: false });
  });

  it('OPP-116 with a fixed user, cards transferred with the workspace configuration all go to that user; the change is logged with names', async () => {
    const res = await change('admin', w.zonaNorte, {
      distribution: 'fixed_user',
      distribution_user_id: w.user.carla,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ distribution: 'fixed_user', distribution_user_id: w.user.carla });
    const turns = [await transferToNorth(), await transferToNorth(), await transferToNorth()];
    expect(turns).toEqual([w.user.carla, w.user.carla, w.user.carla]);
    expect(await latestLog(w.zonaNorte)).toMatchObject({
      type: 'WorkspaceSettingsUpdated',
      data: {
        before: { distribution: 'round_robin', distribution_user_id: null },
        after: { distribution: 'fixed_user', distribution_user_id: w.user.carla },
        users: { [w.user.carla]: 'Carla Campos' },
      },
    });
  });

  it('OPP-116 back to round-robin, the Working sales reps take turns again and the fixed user is cleared', async () => {
    const res = await change('admin', w.zonaNorte, { distribution: 'round_robin' });
    expect(res.json()).toMatchObject({ distribution: 'round_robin', distribution_user_id: null });
    const turns = [await transferToNorth(), await transferToNorth()];
    expect(new Set(turns)).toEqual(new Set([w.user.carla, w.user.atendente]));
  });

  it('OPP-116 a fixed user who left the workspace no longer gets cards: round-robin takes over', async () => {
    await change('admin', w.zonaNorte, { distribution: 'fixed_user', distribution_user_id: w.user.gerente });
    const removed = await w.call('admin', 'DELETE', w.zonaNorte, `users/${w.user.gerente}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect([w.user.carla, w.user.atendente]).toContain(await transferToNorth());
    await change('admin', w.zonaNorte, { distribution: 'round_robin' });
  });

  it('OPP-116 a fixed distribution needs its user (400 naming it); a user of another workspace or platform is 404', async () => {
    const missing = await change('admin', w.centro, { distribution: 'fixed_user' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'distribution_user_id', description: MESSAGES.distributionUserRequired },
    ]);
    for (const id of [w.user.rh, w.user.carla, 999999]) {
      const foreign = await change('admin', w.centro, {
        distribution: 'fixed_user',
        distribution_user_id: id,
      });
      expect(foreign.statusCode).toBe(404);
    }
    expect(await settingsOf(w.centro)).toMatchObject({
      distribution: 'round_robin',
      distribution_user_id: null,
    });
  });

  it('PLAT-113 PLAT-115 OPP-017 keep-filters and the responsible checkbox are saved and logged from and to', async () => {
    const res = await change('admin', w.centro, { keep_filters: true, responsible_check: true });
    expect(res.json()).toMatchObject({ keep_filters: true, responsible_check: true });
    expect(await latestLog(w.centro)).toMatchObject({
      data: {
        before: { keep_filters: false, responsible_check: null },
        after: { keep_filters: true, responsible_check: true },
      },
    });
    expect((await w.call('bruno', 'GET', w.centro, '')).json().settings).toMatchObject({
      keep_filters: true,
      responsible_check: true,
    });
  });

  it('PLAT-233 a change that changes nothing writes no log entry', async () => {
    const before = (await w.call('admin', 'GET', w.centro, 'logs')).json().pagination.total_count;
    expect((await change('admin', w.centro, { keep_filters: true })).statusCode).toBe(200);
    expect((await w.call('admin', 'GET', w.centro, 'logs')).json().pagination.total_count).toBe(before);
  });

  it('PLAT-231 PLAT-238 saving the form with the same name is no rename: nothing is logged', async () => {
    const before = (await w.call('admin', 'GET', w.centro, 'logs')).json().pagination.total_count;
    const res = await w.t.call({
      method: 'PUT',
      url: `/api/v1/users/self/workspaces/${w.centro}`,
      token: await w.t.login('admin@demo.local'),
      payload: { name: 'Escola Centro' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Escola Centro');
    expect((await w.call('admin', 'GET', w.centro, 'logs')).json().pagination.total_count).toBe(before);
  });

  it('PLAT-016 the calendar actions are task types of the workspace; one of another workspace is 404', async () => {
    const ligar = await w.item(w.centro, 'task-types', 'Ligar');
    const res = await change('admin', w.centro, { calendar_actions: [ligar.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().calendar_actions).toEqual([ligar.id]);
    expect(await latestLog(w.centro)).toMatchObject({
      data: {
        before: { calendar_actions: [] },
        after: { calendar_actions: [ligar.id] },
        actions: { [ligar.id]: 'Ligar' },
      },
    });
    const northLigar = await w.item(w.zonaNorte, 'task-types', 'Ligar');
    const foreign = await change('admin', w.centro, { calendar_actions: [ligar.id, northLigar.id] });
    expect(foreign.statusCode).toBe(404);
    expect((await settingsOf(w.centro)).calendar_actions).toEqual([ligar.id]);
  });

  it('PLAT-233 settings of a workspace of another platform are 404 for this platform’s admin', async () => {
    const res = await w.call('admin', 'POST', w.recrutamento, 'settings', { keep_filters: true });
    expect(res.statusCode).toBe(404);
    expect((await w.call('rh', 'GET', w.recrutamento, 'settings')).json().keep_filters).toBe(false);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'OPP-116 while another distribution holds every Working salesRep, round-robin waits for one instead of finding nobody',
    async () => {
      const { db } = w.t.database;
      const scope = { platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro };
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = () => {};
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from members where workspace_id = ${w.centro} for update`);
        held();
        await released;
      });
      await holding;
      let settled = false;
      const taking = db
        .transaction((tx) => takeRoundRobinAssignee(tx, scope, 'salesRep'))
        .finally(() => {
          settled = true;
        });
      // Released only once the distribution is seen waiting on the held rows (or has answered without waiting).
      while (!settled) {
        const { rows } = (await db.execute(
          sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: unknown[] };
        if (rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      release();
      await holder;
      expect([w.user.atendente, w.user.bruno, w.user.carla]).toContain(await taking);
    },
  );
});
