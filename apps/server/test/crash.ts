import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/infra/db.ts';
import { insertBot, replaceTemplates } from '../src/modules/bots/bots.queries.ts';
import { createSalesStages } from '../src/modules/catalog/catalog.service.ts';
import { DEFAULT_PLATFORM_ID } from '../src/modules/platform/platform.profiles.ts';
import { PHONE_ID, startGraphApi } from './graph-api.ts';
import { multipart } from './multipart.ts';
import { type ServerProcess, serverProcess } from './server-process.ts';
import { freshDatabase } from './test-app.ts';

// What the crash tests share: a real server process on a fresh PostgreSQL database, killed with SIGKILL while its
// work is under way, and the time it takes a restarted one to take that work up again.

export const crashTestsRun = Boolean(process.env.TEST_DATABASE_URL);

export async function crashWorld(env: Record<string, string> = {}) {
  const fresh = await freshDatabase();
  if (!fresh.url) throw new Error('crash tests need TEST_DATABASE_URL');
  const graph = await startGraphApi();
  const server = serverProcess({
    DATABASE_URL: fresh.url,
    WHATSAPP_API_BASE_URL: graph.baseUrl,
    ...env,
  });
  return {
    db: fresh.database.db,
    graph,
    server,
    async close() {
      await server.close();
      await graph.close();
      await fresh.database.close();
      await fresh.drop();
    },
  };
}

type World = Awaited<ReturnType<typeof crashWorld>>;

/** A crash world for the tests of one file, its server started before them and everything removed after. */
export function useCrashWorld(env: Record<string, string> = {}): () => World {
  let world: World | undefined;
  beforeAll(async () => {
    world = await crashWorld(env);
    await world.server.start();
  }, 60_000);
  afterAll(() => world?.close());
  return () => {
    if (!world) throw new Error('the crash world is not ready');
    return world;
  };
}

/** The demo admin signed in to their first workspace. */
export async function signedIn(world: World) {
  const token = await world.server.login('admin@demo.local');
  const workspaces = await world.server.call<{ data: { id: number }[] }>('GET', '/users/self/workspaces', {
    token,
  });
  const workspaceId = workspaces.body.data[0]?.id as number;
  return { token, workspaceId, scope: { platformId: DEFAULT_PLATFORM_ID, workspaceId } };
}

/** The demo template 'boas_vindas' with the contact's name, as a batch or a room sends it. */
const WELCOME = {
  name: 'boas_vindas',
  language: 'pt_BR',
  components: [{ type: 'body', parameters: [{ type: 'text', text: '{{name}}' }] }],
};

/** A WhatsApp Cloud API bot that talks to the stand-in, with 'boas_vindas' approved. */
async function cloudBot(world: World, scope: { platformId: number; workspaceId: number }) {
  const bot = await insertBot(world.db, scope, {
    name: 'Oficial',
    channel: 'whatsapp_cloud',
    waPhoneNumberId: PHONE_ID,
    waAccessToken: world.graph.token,
  });
  await replaceTemplates(world.db, scope, bot.id, [
    {
      name: 'boas_vindas',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Olá {{1}}' }],
    },
  ]);
  return bot.id;
}

/** `count` new cards in a stage of their own, each with a phone of its own; answers the stage and the cards. */
export async function cardsInNewStage(
  world: World,
  session: Awaited<ReturnType<typeof signedIn>>,
  count: number,
) {
  const { token, workspaceId, scope } = session;
  const [stage] = await createSalesStages(world.db, scope, [
    { name: 'Recuperação', type: 'PreSale', color: '228be6', displayOrder: 99 },
  ]);
  const medias = await world.server.call<{ data: { id: number }[] }>(
    'GET',
    `/workspaces/${workspaceId}/medias`,
    {
      token,
    },
  );
  const cards: number[] = [];
  for (let i = 0; i < count; i++) {
    const card = await world.server.call<{ id: number }>('POST', `/workspaces/${workspaceId}/opportunities`, {
      token,
      body: {
        source_type: 'Offline',
        media_id: medias.body.data[0]?.id,
        sales_stage_id: stage?.id,
        contact: { name: `Contato ${i}`, phone_number: `119${String(60000000 + i).padStart(8, '0')}` },
      },
    });
    if (card.status !== 200) throw new Error(`card not created: ${card.status}`);
    cards.push(card.body.id);
  }
  return { stageId: stage?.id as number, cards };
}

/** How many message sends the stand-in received, per phone. */
export function sendsPerPhone(world: World) {
  const perPhone = new Map<string, number>();
  for (const send of world.graph.requests) {
    if (send.method !== 'POST' || !send.path.endsWith('/messages')) continue;
    const to = (send.body as { to: string }).to;
    perPhone.set(to, (perPhone.get(to) ?? 0) + 1);
  }
  return perPhone;
}

/** One number of a query, e.g. `select count(*) ...`. */
async function scalar(db: Db, query: SQL): Promise<number> {
  const { rows } = (await db.execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(rows[0]?.n ?? 0);
}

async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 45_000, everyMs = 20) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Kills the server the moment `inFlight` sees work under way, and makes sure the kill left it so (the work could
 * end between the look and the kill: then it starts the server again and waits for the next moment).
 */
async function killMidWork(server: ServerProcess, inFlight: () => Promise<boolean>, what: string) {
  for (let tries = 0; tries < 5; tries++) {
    await until(inFlight, what, 45_000, 5);
    await server.kill();
    if (await inFlight()) return;
    await server.start();
  }
  throw new Error(`never caught ${what}`);
}

/**
 * Starts the server again and measures how long until `progressed` sees the interrupted work move on: from the
 * restart and from the moment the server answers again.
 */
async function restartAndTime(server: ServerProcess, progressed: () => Promise<boolean>, what: string) {
  const restarted = performance.now();
  const startupMs = await server.start();
  await until(progressed, what, 45_000, 50);
  const resumedMs = performance.now() - restarted;
  const line = `${what}: resumed ${(resumedMs / 1000).toFixed(1)} s after the restart (the server answered after ${(startupMs / 1000).toFixed(1)} s)`;
  process.stdout.write(`${line}\n`);
  return { resumedMs, startupMs };
}

/** Work started on a crash world: how to see it in flight, how much of it is done, and when it has finished. */
export interface Scenario {
  name: string;
  inFlight(): Promise<boolean>;
  done(): Promise<number>;
  finished(): Promise<boolean>;
}

/**
 * Kills the server the moment the scenario's work is in flight, restarts it and waits for the work to finish;
 * answers how long the restarted server took to move it on, and how much was in flight at the kill.
 */
export async function crashAndResume(server: ServerProcess, scenario: Scenario) {
  await killMidWork(server, scenario.inFlight, scenario.name);
  const atKill = await scenario.done();
  const timing = await restartAndTime(server, async () => (await scenario.done()) > atKill, scenario.name);
  await until(scenario.finished, `${scenario.name} to finish`, 60_000, 100);
  return timing;
}

type Session = Awaited<ReturnType<typeof signedIn>>;

/** A batch message to `cards` new cards through the stand-in, whose answers take 100 ms (a small batch ~2 s). */
export async function batchScenario(world: World, session: Session, cards: number) {
  world.graph.sendDelayMs = 100;
  const botId = await cloudBot(world, session.scope);
  const { stageId } = await cardsInNewStage(world, session, cards);
  const created = await world.server.call<{ id: number; total: number }>(
    'POST',
    `/workspaces/${session.workspaceId}/batch-messages`,
    {
      token: session.token,
      body: {
        title: 'Matrículas abertas',
        bot_id: botId,
        template: WELCOME,
        message: 'Olá {{name}}!',
        filter: { sales_stage_id: [stageId] },
      },
    },
  );
  if (created.status !== 200) throw new Error(`batch not created: ${created.status}`);
  const batchId = created.body.id;
  const count = (status: string) =>
    scalar(
      world.db,
      sql`select count(*) as n from batch_message_recipients where batch_id = ${batchId} and status = ${status}`,
    );
  return {
    name: `batch of ${cards}`,
    batchId,
    total: created.body.total,
    count,
    inFlight: async () => (await count('sending')) > 0,
    done: async () => (await count('sent')) + (await count('failed')),
    finished: async () =>
      (await scalar(
        world.db,
        sql`select count(*) as n from batch_messages where id = ${batchId} and status = 'completed'`,
      )) === 1,
  };
}

/** A template opening a room on each of `rooms` new cards; the stand-in answers in 400 ms, four sends at a time. */
export async function chatScenario(world: World, session: Session, rooms: number) {
  const botId = await cloudBot(world, session.scope);
  const { cards } = await cardsInNewStage(world, session, rooms);
  world.graph.sendDelayMs = 400;
  for (const opportunityId of cards) {
    const opened = await world.server.call('POST', `/workspaces/${session.workspaceId}/dialogs`, {
      token: session.token,
      body: { bot_id: botId, opportunity_id: opportunityId, template: WELCOME, message: 'Olá!' },
    });
    if (opened.status !== 200) throw new Error(`room not opened: ${opened.status}`);
  }
  const ours = sql`dialog_id in (select id from dialogs where bot_id = ${botId})`;
  // The sends with the channel when last looked: after a kill, those it cut off.
  let withChannel = 0;
  const settled = () =>
    scalar(world.db, sql`select count(*) as n from chat_messages where ${ours} and status <> 'pending'`);
  return {
    name: `${rooms} chat sends`,
    botId,
    cutOff: () => withChannel,
    inFlight: async () => {
      withChannel = await scalar(
        world.db,
        sql`select count(*) as n from chat_messages where ${ours} and status = 'pending' and send_started_at is not null`,
      );
      return withChannel > 0;
    },
    done: settled,
    finished: async () => (await settled()) === rooms,
  };
}

/** A CSV of `rows` new leads, one phone each, uploaded for import. */
export async function importScenario(world: World, session: Session, rows: number) {
  const phones = Array.from({ length: rows }, (_, i) => `5511${String(950000000 + i)}`);
  const file = ['Nome;Telefone', ...phones.map((phone, i) => `Lead ${i};${phone}`)].join('\r\n');
  const { payload, headers } = multipart({}, [{ content: file }]);
  const accepted = await world.server.call<{ id: number }>(
    'POST',
    `/workspaces/${session.workspaceId}/opportunities/upload`,
    { token: session.token, payload, headers },
  );
  if (accepted.status !== 200) throw new Error(`import not accepted: ${accepted.status}`);
  const importId = accepted.body.id;
  const processed = () =>
    scalar(world.db, sql`select processed_rows as n from lead_imports where id = ${importId}`);
  return {
    name: `import of ${rows} rows`,
    importId,
    phones,
    inFlight: async () => {
      const n = await processed();
      return n > 0 && n < rows;
    },
    done: processed,
    finished: async () =>
      (await scalar(
        world.db,
        sql`select count(*) as n from lead_imports where id = ${importId} and status = 'done'`,
      )) === 1,
  };
}
