// The board of the demo workspace with 10,000 cards in one column scrolls smoothly (virtualized), measured in the
// system Chromium: frame times while that column is scrolled from its first card to its last, cards in the DOM,
// long tasks, page loads and the first board paint after sign-in (ARCHITECTURE.md §9).
//
// Usage: npm run board-scroll -w @vendaval/bench
//   BENCH_DATABASE_URL       run on PostgreSQL instead of PGlite: a database vendaval_bench_<random> is created
//                            on that server and dropped at the end
//   BENCH_CARDS=<n>          cards added to the column (default 10000)
//   BENCH_SCROLL_STEP=<px>   scroll per frame (default 240, about 14,000 px/s: a fast, steady fling)
//   BENCH_SCROLL=steps       scroll by setting the column's scrollTop on every animation frame: the same work
//                            for every frame whatever the CPU, but each step also ends a scroll ('scrollend'),
//                            which a real scroll does not, and lays the page out in the frame callback. By
//                            default the browser gets mouse wheel gestures of 4,000 px at that speed, one after
//                            the other, through its own input path
//   BENCH_CPU_SLOWDOWN=<n>   run the page's CPU n times slower while it scrolls (4: a modest laptop)
//   BENCH_ANALYZE=0          leave the database without planner statistics after the bulk insert. By default it
//                            runs ANALYZE, as PostgreSQL's autovacuum would within a minute; PGlite runs a single
//                            backend, no autovacuum, so an embedded server never gathers them by itself
//   BENCH_TRACE=1            record a Playwright trace into bench/out/ (it costs frames: compare numbers only
//                            between runs without it)
//   BENCH_PROFILE=1          record a CPU profile and a timeline trace of the page while it scrolls into
//                            bench/out/ (open them in the browser's DevTools, Performance panel) and print the
//                            functions and the kinds of work (script, style, layout, paint) that took most time
//   WEB_DIST=<folder>        the build the server serves; for readable profiles build one without minifying:
//                            (cd apps/web && npx vite build --minify false --outDir <folder>)
//   CHROMIUM_PATH            the browser (default /usr/bin/chromium)
//
// A frame is over 16.7 ms when its animation frame came more than 1 ms late (the timestamps' jitter): at 60 Hz
// that is a frame the display did not get. Every frame's duration is saved under bench/out/ for a closer look.
//
// The web app is built first when its sources are newer than the build. The demo is seeded in this process
// through the server's own seed code, the cards are added with one set-based statement, then the real server
// is started on that database and the browser signs in as the demo admin.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { CREATABLE_SOURCE_TYPES, QUALIFICATION_VALUES } from '@vendaval/core/constants';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DbOrTx, openDatabase } from '../apps/server/src/infra/db.ts';
import { seedDemo } from '../apps/server/src/modules/demo/demo.seed.ts';
import { DEFAULT_PLATFORM_ID } from '../apps/server/src/modules/platform/platform.profiles.ts';
import { PlatformDirectory } from '../apps/server/src/modules/platform/platform.service.ts';
import { buildWebIfStale } from '../scripts/start.mjs';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, 'bench/out');
const CARDS = Number(process.env.BENCH_CARDS ?? 10_000);
const STEP = Number(process.env.BENCH_SCROLL_STEP ?? 240);
const TRACE = process.env.BENCH_TRACE === '1';
const PROFILE = process.env.BENCH_PROFILE === '1';
const ANALYZE = process.env.BENCH_ANALYZE !== '0';
const WHEEL = process.env.BENCH_SCROLL !== 'steps';
const GESTURE_PX = 4000;
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
const PORT = 3903;
const PASSWORD = 'Bench-Senha1!';
const ADMIN = 'admin@demo.local';
const WORKSPACE = 'Escola Centro';
const FRAME_BUDGET_MS = 1000 / 60;
/** Animation frame timestamps wander a few tenths of a millisecond around the display's period. */
const FRAME_JITTER_MS = 1;
const SCROLL_TIMEOUT_MS = 15 * 60_000;
const CARD_SELECTOR = '[aria-roledescription="card arrastável"]';

// ---- the cards ----------------------------------------------------------------------------------------

const FIRST_NAMES =
  `Ana Beatriz Bruno Camila Carlos Daniela Diego Eduarda Eduardo Fernanda Felipe Gabriel Gabriela Gustavo
  Helena Henrique Isabela Igor Júlia João Juliana José Larissa Lucas Luana Luiz Mariana Marcos Maria Mateus Natália
  Nicolas Patrícia Paulo Rafaela Rafael Renata Ricardo Sabrina Samuel Tatiana Thiago Vanessa Vinícius Valentina`.split(
    /\s+/,
  );
const SURNAMES =
  `Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho
  Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado Mendes
  Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Moraes Batista Campos Monteiro`.split(
    /\s+/,
  );
/** City, state and area code of the leads; the school's city comes up most. */
const CITIES = [
  'São Paulo;SP;11',
  'São Paulo;SP;11',
  'São Paulo;SP;11',
  'Guarulhos;SP;11',
  'Osasco;SP;11',
  'Santo André;SP;11',
  'Campinas;SP;19',
  'Santos;SP;13',
  'Rio de Janeiro;RJ;21',
  'Belo Horizonte;MG;31',
  'Curitiba;PR;41',
];

/** One item of `values` at random, for each row: the list goes as one text parameter (drizzle spreads arrays). */
const pick = (values: readonly (string | number)[], cast: 'int' | 'text') =>
  sql`(string_to_array(${values.join('|')}, '|'))[1 + floor(random() * ${values.length}::int)::int]::${sql.raw(cast)}`;

interface Column {
  stageId: number;
  stageName: string;
}

async function oneRow<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  const [row] = result.rows;
  if (!row) throw new Error('the demo workspace is not there');
  return row;
}

/** The demo workspace's first stage and what its cards are made of (products, tags, medias, people). */
function readWorkspace(db: DbOrTx) {
  return oneRow<{
    platform_id: number;
    workspace_id: number;
    stage_id: number;
    stage_name: string;
    products: number[];
    tags: number[];
    medias: number[];
    campaigns: number[];
    users: number[];
    type_id: number | null;
  }>(
    db,
    sql`select w.platform_id, w.id workspace_id, s.id stage_id, s.name stage_name,
          (select array_agg(id order by id) from products x where (x.platform_id, x.workspace_id) = (w.platform_id, w.id)) products,
          (select array_agg(id order by id) from tags x where (x.platform_id, x.workspace_id) = (w.platform_id, w.id)) tags,
          (select array_agg(id order by id) from medias x where (x.platform_id, x.workspace_id) = (w.platform_id, w.id)) medias,
          (select array_agg(id order by id) from campaigns x where (x.platform_id, x.workspace_id) = (w.platform_id, w.id)) campaigns,
          (select array_agg(user_id order by user_id) from members x
            where (x.platform_id, x.workspace_id) = (w.platform_id, w.id) and x.role in ('salesRep', 'manager')) users,
          (select id from opportunity_types x
            where (x.platform_id, x.workspace_id) = (w.platform_id, w.id) and x.is_default) type_id
        from workspaces w
        join sales_stages s on (s.platform_id, s.workspace_id) = (w.platform_id, w.id) and s.type = 'First'
        where w.platform_id = ${DEFAULT_PLATFORM_ID} and w.name = ${WORKSPACE}`,
  );
}

/**
 * One contact per card, then the cards, below the demo's cards of that column: created in the last two months,
 * last touched in the last three weeks (inside the admin's default range of three months), two in three with a
 * product at about its price, half with tags, most with someone responsible; then each card's creation entry.
 */
async function addCards(db: DbOrTx, count: number): Promise<Column> {
  const ws = await readWorkspace(db);
  const scope = sql`${ws.platform_id}::int, ${ws.workspace_id}::int`;
  await db.execute(sql`
    with person as (
      select g, ${pick(FIRST_NAMES, 'text')} || ' ' || ${pick(SURNAMES, 'text')} || ' ' ||
               ${pick(SURNAMES, 'text')} as name,
             string_to_array(${pick(CITIES, 'text')}, ';') as city,
             now() - interval '21 days' * random() - interval '40 days' * random() as created_at
      from generate_series(1, ${count}::int) g
    ), contact as (
      insert into contacts (platform_id, workspace_id, name, phone_number, email, city_name, state_code,
                            created_at, updated_at)
      select ${scope}, name, '55' || city[3] || '9' || lpad(((g::bigint * 48271 + 1234567) % 100000000)::text, 8, '0'),
             case when g % 3 > 0 then translate(lower(split_part(name, ' ', 1) || '.' || split_part(name, ' ', 2)),
               'áàâãéêíóôõúüç', 'aaaaeeiooouuc') || g || '@gmail.com' end,
             city[1], city[2], created_at, created_at
      from person
      returning id, name, created_at
    ), card as (
      select c.*, greatest(c.created_at, now() - interval '21 days' * random()) as updated_at,
             case when random() < 0.67 then ${pick(ws.products, 'int')} end as product_id,
             ${pick(ws.tags, 'int')} as tag_a, ${pick(ws.tags, 'int')} as tag_b, random() as r
      from contact c
    ), inserted as (
      insert into opportunities (platform_id, workspace_id, name, sales_stage_id, display_order, user_id, contact_id,
                                 opportunity_type_id, price, probability, product_id, source_type, media_id,
                                 campaign_id, tag_ids, tma, created_at, updated_at)
      select ${scope}, card.name, ${ws.stage_id}::int, -row_number() over (order by card.updated_at desc),
             case when random() < 0.95 then ${pick(ws.users, 'int')} end, card.id, ${ws.type_id}::int,
             coalesce(round(p.price * (0.85 + random() * 0.15)::numeric, 2), 0),
             ${pick(QUALIFICATION_VALUES, 'int')}, card.product_id,
             ${pick(CREATABLE_SOURCE_TYPES, 'text')}, ${pick(ws.medias, 'int')},
             case when random() < 0.35 then ${pick(ws.campaigns, 'int')} end,
             case when card.r < 0.5 then '{}'::int[] when card.r < 0.8 or tag_a = tag_b then array[tag_a]
                  else array[tag_a, tag_b] end,
             case when random() < 0.7 then floor(60 + random() * 86400)::int end,
             card.created_at, card.updated_at
      from card
      left join products p on (p.platform_id, p.workspace_id, p.id) = (${scope}, card.product_id)
      returning id, contact_id, user_id, created_at
    )
    insert into history_logs (platform_id, workspace_id, type, opportunity_id, contact_id, user_id, data, created_at)
    select ${scope}, 'OpportunityCreated', id, contact_id, user_id, '{}'::jsonb, created_at from inserted`);
  return { stageId: ws.stage_id, stageName: ws.stage_name };
}

/** Migrations, the demo (the server's own seed) and the extra cards, before the server opens the database. */
async function prepareDatabase(env: ServerEnv): Promise<Column & { ms: number }> {
  const begin = performance.now();
  const database = openDatabase({ url: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const platforms = new PlatformDirectory();
    await platforms.load(database.db);
    await seedDemo(database.db, PASSWORD, platforms);
    const column = await database.db.transaction((tx) => addCards(tx, CARDS));
    if (ANALYZE) await database.db.execute(sql`analyze`);
    return { ...column, ms: performance.now() - begin };
  } finally {
    await database.close();
  }
}

// ---- the server ---------------------------------------------------------------------------------------

interface ServerEnv {
  DATA_DIR: string;
  DATABASE_URL: string;
}

async function startServer(env: ServerEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(PORT), DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return child;
    } catch {}
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

// ---- in the page --------------------------------------------------------------------------------------

/**
 * Runs in every document before the app: keeps every resource timing, notes when the sign-in form is sent and
 * when its answer arrives (sessionStorage survives a reload), and when the first card is painted.
 */
function watchFirstPaint(cardSelector: string) {
  performance.setResourceTimingBufferSize(10_000);
  const epoch = (ms: number) => performance.timeOrigin + ms;
  document.addEventListener(
    'submit',
    () => sessionStorage.setItem('bench.submit', String(epoch(performance.now()))),
    true,
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[])
      if (entry.name.includes('/auth/token'))
        sessionStorage.setItem('bench.token', String(epoch(entry.responseEnd)));
  }).observe({ type: 'resource' });
  const bench = window as unknown as { benchFirstCard?: number };
  const cards = new MutationObserver(() => {
    if (!document.querySelector(cardSelector)) return;
    cards.disconnect();
    // The task after the next animation frame runs once that frame is painted.
    requestAnimationFrame(() =>
      setTimeout(() => {
        bench.benchFirstCard = performance.now();
      }),
    );
  });
  cards.observe(document, { childList: true, subtree: true });
}

interface ScrollResult {
  frames: number[];
  stalledFrames: number;
  stalledMs: number;
  maxColumnCards: number;
  maxBoardCards: number;
  longTasks: number[];
  lastCardAtMs: number | null;
  scrolledPx: number;
  timedOut: boolean;
  pageDurations: number[];
}

/**
 * Watches the column's scroll container from its top until its last card is in view, scrolling it by `step` px
 * every animation frame itself unless `step` is 0 (the wheel scrolls it then), noting each frame's duration, how
 * many cards are in the DOM, the long tasks, and the frames spent at the bottom of what is loaded, waiting for
 * the next page. Runs in the page: it may use nothing from outside.
 */
function scrollColumn(args: {
  listLabel: string;
  stageId: number;
  cardSelector: string;
  step: number;
  timeoutMs: number;
}): Promise<ScrollResult> {
  const scroller = document.querySelector(`ul[aria-label="${args.listLabel}"]`)?.parentElement;
  if (!scroller) throw new Error(`no list "${args.listLabel}"`);
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const resourcesBefore = performance.getEntriesByType('resource').length;
  const seen = {
    frames: [] as number[],
    stalledFrames: 0,
    stalledMs: 0,
    maxColumnCards: 0,
    maxBoardCards: 0,
  };
  let begin = 0;
  let last = 0;
  let lastCardAt: number | null = null;
  // Whether the end of the loaded cards is in view, as an intersection observer sees it once each frame is laid
  // out: reading the scroller's metrics in the frame callback would lay the page out there, a cost of its own.
  let atBottom = false;
  const end = document.createElement('div');
  end.style.height = '1px';
  scroller.querySelector(':scope > ul')?.after(end);
  const bottom = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) atBottom = entry.isIntersecting;
    },
    { root: scroller },
  );
  bottom.observe(end);

  const pageDurations = () =>
    performance
      .getEntriesByType('resource')
      .slice(resourcesBefore)
      .filter((e) => new URL(e.name).searchParams.get('sales_stage_id') === String(args.stageId))
      .map((e) => e.duration);
  /** The cards in the DOM now; whether the column's last card is among them. */
  const sample = () => {
    const list = scroller.querySelector(':scope > ul');
    const lastItem = list?.lastElementChild;
    seen.maxColumnCards = Math.max(seen.maxColumnCards, list?.childElementCount ?? 0);
    if (seen.frames.length % 20 === 0) {
      const onBoard = document.querySelectorAll(args.cardSelector).length;
      seen.maxBoardCards = Math.max(seen.maxBoardCards, onBoard);
    }
    return !!lastItem && lastItem.getAttribute('aria-posinset') === lastItem.getAttribute('aria-setsize');
  };

  return new Promise((resolve) => {
    const finish = (timedOut: boolean) => {
      observer.disconnect();
      bottom.disconnect();
      end.remove();
      const scrolledPx = scroller.scrollTop;
      resolve({
        ...seen,
        longTasks,
        lastCardAtMs: lastCardAt,
        scrolledPx,
        timedOut,
        pageDurations: pageDurations(),
      });
    };
    const frame = (now: number) => {
      const frameMs = now - last;
      seen.frames.push(frameMs);
      last = now;
      const allLoaded = sample();
      if (allLoaded && lastCardAt === null) lastCardAt = now - begin;
      if (atBottom && allLoaded) return finish(false);
      if (now - begin > args.timeoutMs) return finish(true);
      if (atBottom) {
        seen.stalledFrames++;
        seen.stalledMs += frameMs;
      }
      if (args.step) scroller.scrollTop += args.step;
      requestAnimationFrame(frame);
    };
    scroller.scrollTop = 0;
    requestAnimationFrame((now) => {
      begin = now;
      last = now;
      if (args.step) scroller.scrollTop += args.step;
      requestAnimationFrame(frame);
    });
  });
}

// ---- the browser --------------------------------------------------------------------------------------

const baseUrl = `http://localhost:${PORT}`;

async function openBrowser(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  if (TRACE) await context.tracing.start({ screenshots: true, snapshots: true });
  await context.addInitScript(watchFirstPaint, CARD_SELECTOR);
  return { browser, page: await context.newPage() };
}

interface FirstPaint {
  afterSubmitMs: number;
  afterAnswerMs: number;
  onReloadMs: number;
}

const firstCardAt = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { benchFirstCard?: number }).benchFirstCard, undefined, {
    timeout: 60_000,
  });

/** Signs in as the demo admin; the first board paint is measured from the form's submit and its answer. */
async function signIn(page: Page): Promise<Omit<FirstPaint, 'onReloadMs'>> {
  await page.goto('/login');
  await page.getByLabel('E-mail ou usuário').fill(ADMIN);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await firstCardAt(page);
  const signedIn = await page.evaluate(() => ({
    painted: performance.timeOrigin + ((window as unknown as { benchFirstCard: number }).benchFirstCard ?? 0),
    submit: Number(sessionStorage.getItem('bench.submit')),
    token: Number(sessionStorage.getItem('bench.token')),
  }));
  return {
    afterSubmitMs: signedIn.painted - signedIn.submit,
    afterAnswerMs: signedIn.painted - signedIn.token,
  };
}

/** The board loaded again, signed in: from the navigation's start to the first card painted. */
async function reloadBoard(page: Page): Promise<number> {
  await page.reload();
  return Number(await (await firstCardAt(page)).jsonValue());
}

/** Waits until the column shows the added cards (its header count comes from the stage summary). */
async function waitForColumn(page: Page, stageName: string) {
  const firstCard = page
    .getByRole('list', { name: `Cards de ${stageName}` })
    .locator('li')
    .first();
  await firstCard.waitFor();
  const setSize = Number(await firstCard.getAttribute('aria-setsize'));
  if (!(setSize >= CARDS)) {
    throw new Error(
      `the column '${stageName}' counts ${setSize} cards, not ${CARDS} or more: another workspace?`,
    );
  }
  return setSize;
}

/** Cards the column's pages brought, counted from the answers themselves. */
function countLoadedCards(page: Page, stageId: number) {
  const loaded = { cards: 0, pages: 0 };
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (
      !url.pathname.endsWith('/opportunities') ||
      url.searchParams.get('sales_stage_id') !== String(stageId)
    )
      return;
    const body = (await response.json().catch(() => null)) as { data?: unknown[] } | null;
    loaded.cards += body?.data?.length ?? 0;
    loaded.pages++;
  });
  return loaded;
}

/**
 * With BENCH_PROFILE=1: a CPU profile and a timeline trace of the page while `body` runs, saved under bench/out/,
 * with the functions that spent most time and where the main thread's time went printed.
 */
async function profiled<T>(page: Page, body: () => Promise<T>): Promise<T> {
  if (!PROFILE) return body();
  const name = `board-scroll-${Date.now()}`;
  const browser = page.context().browser();
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser?.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await cdp.send('Profiler.start');
  const result = await body();
  const { profile } = await cdp.send('Profiler.stop');
  const trace = await browser?.stopTracing();
  writeFileSync(join(outDir, `${name}.cpuprofile`), JSON.stringify(profile));
  if (trace) writeFileSync(join(outDir, `${name}.trace.json`), trace);
  printHotFunctions(profile as Profile);
  if (trace) printMainThreadWork((JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents);
  console.log(`  profile and timeline: ${join(outDir, name)}.{cpuprofile,trace.json}`);
  return result;
}

interface Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

function printHotFunctions(profile: Profile) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const selfMs = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id);
    if (!frame) return;
    const file = frame.url.split('/').at(-1) ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  printTop('JavaScript functions by self time', selfMs);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Self time of the timeline's events on the page's main thread (the renderer's main thread that did most). */
function printMainThreadWork(events: TraceEvent[]) {
  const spansOf = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const key = `${e.pid}:${e.tid}`;
    spansOf.set(key, [...(spansOf.get(key) ?? []), e]);
  }
  const mains = events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => spansOf.get(`${e.pid}:${e.tid}`) ?? []);
  const busiest = mains.sort((a, b) => b.length - a.length)[0] ?? [];
  const selfMs = new Map<string, number>();
  const open: TraceEvent[] = [];
  for (const span of busiest.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    while (open.length && (open.at(-1)?.ts ?? 0) + (open.at(-1)?.dur ?? 0) <= span.ts) open.pop();
    const parent = open.at(-1);
    if (parent) selfMs.set(parent.name, (selfMs.get(parent.name) ?? 0) - (span.dur ?? 0) / 1000);
    selfMs.set(span.name, (selfMs.get(span.name) ?? 0) + (span.dur ?? 0) / 1000);
    open.push(span);
  }
  printTop("the page's main thread by kind of work (self time)", selfMs);
}

function printTop(title: string, selfMs: Map<string, number>) {
  console.log(`  ${title}:`);
  for (const [key, value] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${value.toFixed(0).padStart(7)} ms  ${key}`);
}

// ---- the report -----------------------------------------------------------------------------------------

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const share = (values: number[], over: number) =>
  `${((100 * values.filter((v) => v > over).length) / Math.max(1, values.length)).toFixed(2)} %`;
const int = (value: number) => value.toLocaleString('en-US');

function report(
  engine: string,
  seeded: number,
  paint: FirstPaint,
  loaded: { cards: number; pages: number },
  run: ScrollResult,
) {
  const { frames } = run;
  const total = frames.reduce((a, b) => a + b, 0);
  const longTotal = run.longTasks.reduce((a, b) => a + b, 0);
  const lines = [
    `${engine}: ${int(CARDS)} cards added to one column of '${WORKSPACE}' (database ready in ${(seeded / 1000).toFixed(1)} s, ${ANALYZE ? 'analyzed' : 'without planner statistics'})`,
    `  first board paint        ${ms(paint.afterSubmitMs)} after 'Entrar' (${ms(paint.afterAnswerMs)} after the sign-in answer); ${ms(paint.onReloadMs)} on a reload`,
    `  cards loaded             ${int(loaded.cards)} in ${loaded.pages} pages (page answer p50 ${ms(percentile(run.pageDurations, 50))}, p95 ${ms(percentile(run.pageDurations, 95))})`,
    `  cards in the DOM at once max ${run.maxColumnCards} in the column, ${run.maxBoardCards} on the whole board`,
    `  frames                   ${int(frames.length)} in ${(total / 1000).toFixed(1)} s, ${int(Math.round(run.scrolledPx))} px at ${STEP} px per frame (${WHEEL ? 'wheel' : 'scrollTop steps'})${CPU_SLOWDOWN > 1 ? `, CPU ${CPU_SLOWDOWN}× slower` : ''}${run.timedOut ? ' (TIMED OUT before the last card)' : ''}`,
    `  frame time               median ${ms(percentile(frames, 50))} | p95 ${ms(percentile(frames, 95))} | p99 ${ms(percentile(frames, 99))} | max ${ms(Math.max(...frames))}`,
    `  frames over 16.7 ms      ${share(frames, FRAME_BUDGET_MS + FRAME_JITTER_MS)} | over 50 ms ${share(frames, 50)}`,
    `  long tasks               ${run.longTasks.length}, ${ms(longTotal)} in all${run.longTasks.length ? `, longest ${ms(Math.max(...run.longTasks))}` : ''}`,
    `  all pages loaded         ${run.lastCardAtMs === null ? 'never' : `${(run.lastCardAtMs / 1000).toFixed(1)} s`} after the scroll began; it waited at the end of the loaded cards for ${run.stalledFrames} frames (${ms(run.stalledMs)})`,
  ];
  console.log(lines.join('\n'));
}

// ---- the run --------------------------------------------------------------------------------------------

async function measure(page: Page, column: Column) {
  const signedIn = await signIn(page);
  // Counted from the reload on: the column starts empty again.
  const loaded = countLoadedCards(page, column.stageId);
  const paint = { ...signedIn, onReloadMs: await reloadBoard(page) };
  await waitForColumn(page, column.stageName);
  if (CPU_SLOWDOWN > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  const run = await profiled(page, async () => {
    const watching = page.evaluate(scrollColumn, {
      listLabel: `Cards de ${column.stageName}`,
      stageId: column.stageId,
      cardSelector: CARD_SELECTOR,
      step: WHEEL ? 0 : STEP,
      timeoutMs: SCROLL_TIMEOUT_MS,
    });
    if (WHEEL) await wheelUntil(page, column.stageName, watching);
    return watching;
  });
  return { paint, loaded, run };
}

/** Mouse wheel gestures down the column, at STEP px per frame (60 Hz), until `done` settles. */
async function wheelUntil(page: Page, stageName: string, done: Promise<unknown>) {
  let finished = false;
  const finish = () => {
    finished = true;
  };
  done.then(finish, finish);
  const box = await page
    .getByRole('list', { name: `Cards de ${stageName}` })
    .locator('..')
    .boundingBox();
  if (!box) throw new Error('the column is not on screen');
  const cdp = await page.context().newCDPSession(page);
  while (!finished) {
    await cdp.send('Input.synthesizeScrollGesture', {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
      yDistance: -GESTURE_PX,
      speed: STEP * 60,
      gestureSourceType: 'mouse',
    });
  }
}

async function runOn(engine: string, env: ServerEnv) {
  const column = await prepareDatabase(env);
  const server = await startServer(env);
  const { browser, page } = await openBrowser();
  try {
    const { paint, loaded, run } = await measure(page, column);
    report(engine, column.ms, paint, loaded, run);
    const framesFile = join(outDir, `board-scroll-${engine.toLowerCase()}-${Date.now()}.frames.json`);
    writeFileSync(framesFile, JSON.stringify(run.frames));
    console.log(`  every frame's duration: ${framesFile}`);
  } finally {
    if (TRACE) {
      const file = join(outDir, `board-scroll-${Date.now()}.zip`);
      await page.context().tracing.stop({ path: file });
      console.log(`  trace: ${file}`);
    }
    await browser.close();
    await stopServer(server);
  }
}

async function withPostgres(url: string, body: (dbUrl: string) => Promise<void>) {
  const name = `vendaval_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    await body(dbUrl.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

buildWebIfStale();
mkdirSync(outDir, { recursive: true });
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on this machine (measure when it is quiet)`,
);
const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-bench-'));
try {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl)
    await withPostgres(pgUrl, (url) => runOn('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url }));
  else await runOn('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
