// The world of the pipeline benchmark (ARCHITECTURE.md §9), shared by the benchmarks that measure it: one
// workspace of 1,000,000 cards on PostgreSQL beside 20 smaller workspaces, seeded with set-based SQL.
import { QUALIFICATION_VALUES, type SourceType } from '@vendaval/core/constants';
import pg from 'pg';
// The app before any module of it: it loads the tables in the order their references need.
import '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/infra/db.ts';
import { DEFAULT_PLATFORM_ID } from '../apps/server/src/modules/platform/platform.profiles.ts';
import type { PlatformDirectory } from '../apps/server/src/modules/platform/platform.service.ts';
import { addMember, createUser } from '../apps/server/src/modules/users/users.service.ts';
import { openWorkspace } from '../apps/server/src/modules/workspaces/workspaces.service.ts';
import { run, seconds, seedDatabase, timed } from './bench-support.ts';

export const CARDS = Number(process.env.BENCH_CARDS ?? 1_000_000);
export const BIG_WORKSPACE = 'Bench Matriz';
export const ADMIN_EMAIL = 'admin@bench.local';
export const PASSWORD = 'Bench-Senha1!';
const BIG = { cards: CARDS, users: 199, managers: 5, tags: 30, products: 25, campaigns: 20, medias: 12 };
const SMALL = { cards: 5_000, users: 9, managers: 1, tags: 8, products: 6, campaigns: 5, medias: 4 };
const OTHER_WORKSPACES = 20;
const CHUNK = 50_000;
const HISTORY_SPAN_DAYS = 730;

// ---- what the cards are made of -----------------------------------------------------------------------

const FIRST_NAMES =
  `Ana Beatriz Bruno Camila Carlos Daniela Diego Eduarda Eduardo Fernanda Felipe Gabriel Gabriela
  Gustavo Helena Henrique Isabela Igor Júlia João Juliana José Larissa Lucas Luana Luiz Mariana Marcos Maria Mateus
  Natália Nicolas Patrícia Paulo Rafaela Rafael Renata Ricardo Sabrina Samuel Tatiana Thiago Vanessa Vinícius
  Valentina Vitor Yasmin Wesley Alice Arthur Laura Heitor Manuela Davi Sophia Bernardo Lívia Otávio Cecília Caio`
    .split(/\s+/)
    .filter(Boolean);
const SURNAMES =
  `Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins
  Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques
  Machado Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Moraes Batista Campos
  Monteiro Cavalcanti Barros Farias Medeiros Azevedo Rezende Xavier Prado`
    .split(/\s+/)
    .filter(Boolean);
/** City, UF and area code; São Paulo and the big capitals appear more than once, as they do in real leads. */
const CITIES: [string, string, string][] = [
  ['São Paulo', 'SP', '11'],
  ['São Paulo', 'SP', '11'],
  ['São Paulo', 'SP', '11'],
  ['Guarulhos', 'SP', '11'],
  ['Campinas', 'SP', '19'],
  ['Santos', 'SP', '13'],
  ['Ribeirão Preto', 'SP', '16'],
  ['Sorocaba', 'SP', '15'],
  ['Rio de Janeiro', 'RJ', '21'],
  ['Rio de Janeiro', 'RJ', '21'],
  ['Niterói', 'RJ', '21'],
  ['Belo Horizonte', 'MG', '31'],
  ['Uberlândia', 'MG', '34'],
  ['Juiz de Fora', 'MG', '32'],
  ['Curitiba', 'PR', '41'],
  ['Londrina', 'PR', '43'],
  ['Porto Alegre', 'RS', '51'],
  ['Caxias do Sul', 'RS', '54'],
  ['Florianópolis', 'SC', '48'],
  ['Joinville', 'SC', '47'],
  ['Salvador', 'BA', '71'],
  ['Feira de Santana', 'BA', '75'],
  ['Recife', 'PE', '81'],
  ['Fortaleza', 'CE', '85'],
  ['Natal', 'RN', '84'],
  ['João Pessoa', 'PB', '83'],
  ['Maceió', 'AL', '82'],
  ['Aracaju', 'SE', '79'],
  ['Teresina', 'PI', '86'],
  ['São Luís', 'MA', '98'],
  ['Belém', 'PA', '91'],
  ['Manaus', 'AM', '92'],
  ['Goiânia', 'GO', '62'],
  ['Brasília', 'DF', '61'],
  ['Campo Grande', 'MS', '67'],
  ['Cuiabá', 'MT', '65'],
  ['Vitória', 'ES', '27'],
  ['Palmas', 'TO', '63'],
  ['Porto Velho', 'RO', '69'],
  ['Macapá', 'AP', '96'],
  ['Boa Vista', 'RR', '95'],
  ['Rio Branco', 'AC', '68'],
];
const NEIGHBORHOODS = [
  'Centro',
  'Jardim América',
  'Vila Nova',
  'Boa Vista',
  'Santa Cruz',
  'Bela Vista',
  'Liberdade',
];
const MAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br', 'bol.com.br'];
const ACCENTED = 'áàâãéêíóôõúüçÁÀÂÃÉÊÍÓÔÕÚÜÇ';
const PLAIN = 'aaaaeeiooouucAAAAEEIOOOUUC';

/** Eight open stages and the closing ones (named with the platform's won/lost terms); weight = share of open cards. */
const OPEN_STAGES = [
  { name: 'Novo lead', color: '228be6', type: 'First', weight: 30 },
  { name: 'Pré-atendimento', color: '15aabf', type: 'PreSale', weight: 12 },
  { name: 'Em atendimento', color: '12b886', type: 'InProgress', weight: 15 },
  { name: 'Visita agendada', color: '40c057', type: 'Scheduled', weight: 8 },
  { name: 'Proposta enviada', color: '82c91e', type: 'Negotiation', weight: 6 },
  { name: 'Negociação', color: 'fab005', type: 'Negotiation', weight: 6 },
  { name: 'Sem retorno', color: 'adb5bd', type: 'Omitted', weight: 15 },
  { name: 'Reativação', color: '7950f2', type: 'Default', weight: 8 },
];
const WON_SHARE = 0.1;
const LOST_SHARE = 0.3;

const TAGS =
  `Bolsa;Indicação;Irmãos;Retorno;VIP;Urgente;Ex-aluno;Desconto;Parcelamento;Período integral;Noturno;Online;
  Presencial;Empresa parceira;Convênio;Primeira compra;Recompra;Lista de espera;Evento;Feirão;Black Friday;Natal;
  Férias;Sábado;Lead frio;Lead quente;Transferência;Bilíngue;Esportes;Aula experimental`
    .split(';')
    .map((t) => t.trim());
const TAG_COLORS = ['fab005', '40c057', '7950f2', '228be6', 'e03131', '15aabf', 'fd7e14', 'be4bdb'];
const PRODUCTS = ['Inglês', 'Espanhol', 'Francês', 'Reforço Escolar', 'Robótica'].flatMap((course, i) =>
  ['Kids', 'Teens', 'Adulto', 'Intensivo', 'Online'].map((level, j) => ({
    name: `${course} ${level}`,
    price: 189.9 + i * 40 + j * 25,
  })),
);
const CAMPAIGNS = ['Matrículas', 'Volta às Aulas', 'Indique um Amigo', 'Black Friday', 'Férias'].flatMap(
  (c) => ['2024', '2025', '2026', '2027'].map((year) => `${c} ${year}`),
);
const MEDIAS = [
  { name: 'Instagram', type: 'SocialMedia' },
  { name: 'Facebook', type: 'SocialMedia' },
  { name: 'Google Ads', type: 'Google' },
  { name: 'Panfleto', type: 'Offline' },
  { name: 'Fachada da escola', type: 'Offline' },
  { name: 'TikTok', type: 'SocialMedia' },
  { name: 'YouTube', type: 'Google' },
  { name: 'Rádio', type: 'Offline' },
  { name: 'Outdoor', type: 'Offline' },
  { name: 'Google Orgânico', type: 'Google' },
  { name: 'LinkedIn', type: 'SocialMedia' },
  { name: 'Evento presencial', type: 'Offline' },
];
const OBJECTIONS = [
  'Preço',
  'Distância',
  'Horário incompatível',
  'Matriculou-se na concorrência',
  'Sem resposta',
];
const OPPORTUNITY_TYPES = [
  { name: 'Matrícula', is_default: true },
  { name: 'Rematrícula', is_default: false },
  { name: 'Transferência', is_default: false },
];
/** Sources with their weight among the cards. */
const SOURCES: [SourceType, number][] = [
  ['WhatsappEscola', 20],
  ['FormularioSite', 18],
  ['Ligacao', 12],
  ['FormularioRedesSociais', 12],
  ['Bella', 8],
  ['VisitaEscola', 6],
  ['Messenger', 4],
  ['Inbox', 4],
  ['Direct', 4],
  ['Email', 3],
  ['Importacao', 3],
  ['Comentario', 2],
  ['Offline', 2],
  ['URA', 1],
  ['Imbot', 1],
];
export const SOURCE_POOL = SOURCES.flatMap(([source, weight]) => Array<string>(weight).fill(source));

// ---- small helpers ------------------------------------------------------------------------------------

/** A seeded generator, so two runs ask for the same stages, users and cards. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick };
}

// ---- the database ---------------------------------------------------------------------------------------

// ---- seeding ----------------------------------------------------------------------------------------------

export interface Scope {
  platformId: number;
  workspaceId: number;
}
type Size = typeof BIG;

interface Catalog {
  openPool: number[];
  openIds: number[];
  openNames: string[];
  won: { id: number; name: string };
  lost: { id: number; name: string };
  tags: number[];
  products: number[];
  prices: number[];
  campaigns: number[];
  medias: number[];
  objections: number[];
  types: number[];
  defaultType: number;
}

/** Rows of a JSON array into a table of the workspace, returning their ids in order. */
async function insertRows(
  client: pg.Client,
  table: string,
  scope: Scope,
  columns: string,
  rows: object[],
): Promise<{ id: number }[]> {
  const names = columns
    .split(',')
    .map((c) => c.trim().split(' ')[0])
    .join(', ');
  const result = await run<{ id: number }>(
    client,
    `insert into ${table} (platform_id, workspace_id, ${names})
     select :platform::int, :workspace::int, ${names} from jsonb_to_recordset(:rows::jsonb) as r(${columns})
     returning id`,
    { platform: scope.platformId, workspace: scope.workspaceId, rows: JSON.stringify(rows) },
  );
  return result.rows;
}

async function seedStages(client: pg.Client, scope: Scope, terms: { won: string; lost: string }) {
  const rows = [
    ...OPEN_STAGES.map(({ name, color, type }) => ({ name, color, type })),
    { name: terms.won, color: '2f9e44', type: 'Won' },
    { name: terms.lost, color: 'e03131', type: 'Lost' },
  ].map((s, i) => ({ ...s, display_order: i + 1 }));
  const ids = (
    await insertRows(
      client,
      'sales_stages',
      scope,
      'name text, color text, type text, display_order int',
      rows,
    )
  ).map((r) => r.id);
  const openIds = ids.slice(0, OPEN_STAGES.length);
  return {
    openIds,
    openNames: OPEN_STAGES.map((s) => s.name),
    openPool: OPEN_STAGES.flatMap((s, i) => Array<number>(s.weight).fill(openIds[i] as number)),
    won: { id: ids[OPEN_STAGES.length] as number, name: terms.won },
    lost: { id: ids[OPEN_STAGES.length + 1] as number, name: terms.lost },
  };
}

async function seedCatalog(
  client: pg.Client,
  scope: Scope,
  size: Size,
  terms: { won: string; lost: string },
) {
  const ids = async (table: string, columns: string, rows: object[]) =>
    (await insertRows(client, table, scope, columns, rows)).map((r) => r.id);
  const products = PRODUCTS.slice(0, size.products);
  const types = await ids('opportunity_types', 'name text, is_default boolean', OPPORTUNITY_TYPES);
  const catalog: Catalog = {
    ...(await seedStages(client, scope, terms)),
    tags: await ids(
      'tags',
      'name text, color text',
      TAGS.slice(0, size.tags).map((name, i) => ({ name, color: TAG_COLORS[i % TAG_COLORS.length] })),
    ),
    products: await ids('products', 'name text, price numeric', products),
    prices: products.map((p) => p.price),
    campaigns: await ids(
      'campaigns',
      'name text',
      CAMPAIGNS.slice(0, size.campaigns).map((name) => ({ name })),
    ),
    medias: await ids('medias', 'name text, type text', MEDIAS.slice(0, size.medias)),
    objections: await ids(
      'objections',
      'name text',
      OBJECTIONS.map((name) => ({ name })),
    ),
    types,
    defaultType: types[0] as number,
  };
  return catalog;
}

/** People of a platform, with the password hash of an account made by the app, so their rows look real. */
async function seedUsers(client: pg.Client, platformId: number, prefix: string, count: number, hash: string) {
  const result = await run<{ id: number }>(
    client,
    `insert into users (platform_id, name, email, username, password_hash, access_code, created_at)
     select :platform::int, first || ' ' || last, :prefix::text || g || '@bench.local', :prefix::text || g, :hash::text,
            translate(upper(substr(md5(random()::text), 1, 8)), '01', 'XY'),
            now() - random() * interval '730 days'
     from (select g, (:first_names::text[])[1 + floor(random() * cardinality(:first_names::text[]))::int] first,
                  (:surnames::text[])[1 + floor(random() * cardinality(:surnames::text[]))::int] last
           from generate_series(1, :count::int) g) p
     returning id`,
    { platform: platformId, prefix, hash, count, first_names: FIRST_NAMES, surnames: SURNAMES },
  );
  return result.rows.map((r) => r.id);
}

async function addMembers(client: pg.Client, scope: Scope, userIds: number[], managers: number) {
  await run(
    client,
    `insert into members (platform_id, workspace_id, user_id, role)
     select :platform::int, :workspace::int, id, case when n <= :managers::int then 'manager' else 'salesRep' end
     from unnest(:ids::int[]) with ordinality as u(id, n)`,
    { platform: scope.platformId, workspace: scope.workspaceId, ids: userIds, managers },
  );
}

/**
 * One contact per card (with a phone of its city's area code), then the card: stage by weight, 10% won and
 * 30% lost, created evenly over two years (ids follow creation, as in production), last touched some time
 * after: most soon after, some months later (about a quarter of the cards were touched in the last three
 * months); higher display order for more recent moves (the top of a column is what moved last). One card in
 * five is for a guardian's child ('Não é aluno?').
 */
const CARDS_SQL = `
with person as (
  select g,
         1 + floor(random() * cardinality(:first_names::text[]))::int f,
         1 + floor(random() * cardinality(:surnames::text[]))::int s1,
         1 + floor(random() * cardinality(:surnames::text[]))::int s2,
         1 + floor(random() * cardinality(:cities::text[]))::int ci,
         random() r,
         now() - :span_days::int * interval '1 day' * (1 - g::float8 / :total::int) - random() * interval '2 hours'
           created_at
  from generate_series(:from::int, :to::int) g
), contact as (
  insert into contacts (platform_id, workspace_id, name, phone_number, email, city_name, state_code,
                        neighborhood, document, birthdate, created_at, updated_at)
  select :platform::int, :workspace::int,
         (:first_names::text[])[f] || ' ' || (:surnames::text[])[s1] || ' ' || (:surnames::text[])[s2],
         -- g picks the last eight digits one to one: no two contacts of the workspace share a phone.
         '55' || (:ddds::text[])[ci] || '9' || lpad(((g::bigint * 48271 + 7654321) % 100000000)::text, 8, '0'),
         case when r < 0.6 then lower(translate((:first_names::text[])[f] || '.' || (:surnames::text[])[s1],
           :accented::text, :plain::text)) || g || '@' || (:domains::text[])[1 + g % cardinality(:domains::text[])]
         end,
         (:cities::text[])[ci], (:states::text[])[ci],
         case when r < 0.4 then (:neighborhoods::text[])[1 + g % cardinality(:neighborhoods::text[])] end,
         case when r < 0.3 then lpad(floor(random() * 1e11)::bigint::text, 11, '0') end,
         case when r < 0.3 then date '1975-01-01' + floor(random() * 15000)::int end,
         created_at, created_at
  from person
  returning id, name, created_at
), card as (
  select c.*,
         c.created_at + power(random(), 3) * (now() - c.created_at) updated_at,
         case when c.r < :won_share::float8 then 'Won' when c.r < :closed_share::float8 then 'Lost' else 'Open' end
           state,
         case when c.r < :won_share::float8 or random() < 0.65
              then 1 + floor(random() * cardinality(:products::int[]))::int end p,
         random() rt,
         random() < 0.2 guardian,
         floor(random() * cardinality(:tags::int[]))::int tb,
         1 + floor(random() * ((cardinality(:tags::int[]) - 1) / 2))::int ts
  from (select contact.*, random() r from contact) c
)
insert into opportunities (platform_id, workspace_id, name, state_type, sales_stage_id, open_stage_id,
                           display_order, user_id, contact_id, opportunity_type_id, price, probability, product_id,
                           source_type, media_id, campaign_id, tag_ids, is_responsible, student_name,
                           student_document, closed_type, closed_at, tma, created_at, updated_at)
select :platform::int, :workspace::int, name, state,
       case state when 'Won' then :won::int when 'Lost' then :lost::int
            else (:open_pool::int[])[1 + floor(random() * cardinality(:open_pool::int[]))::int] end,
       case when state <> 'Open' then (:open_pool::int[])[1 + floor(random() * cardinality(:open_pool::int[]))::int] end,
       extract(epoch from updated_at) / 60 - random() * 28800,
       case when random() < 0.97 then (:users::int[])[1 + floor(random() * cardinality(:users::int[]))::int] end,
       id,
       case when random() < 0.85 then :default_type::int
            else (:types::int[])[1 + floor(random() * cardinality(:types::int[]))::int] end,
       coalesce(round(((:prices::numeric[])[p] * (0.9 + random() * 0.2))::numeric, 2), 0),
       (:probabilities::int[])[1 + floor(random() * cardinality(:probabilities::int[]))::int],
       (:products::int[])[p],
       (:sources::text[])[1 + floor(random() * cardinality(:sources::text[]))::int],
       case when random() < 0.9 then (:medias::int[])[1 + floor(random() * cardinality(:medias::int[]))::int] end,
       case when random() < 0.4 then (:campaigns::int[])[1 + floor(random() * cardinality(:campaigns::int[]))::int] end,
       (array[(:tags::int[])[1 + tb],
              (:tags::int[])[1 + (tb + ts) % cardinality(:tags::int[])],
              (:tags::int[])[1 + (tb + 2 * ts) % cardinality(:tags::int[])]])
         [1:case when rt < 0.5 then 0 when rt < 0.75 then 1 when rt < 0.9 then 2 else 3 end],
       guardian,
       case when guardian then (:first_names::text[])[1 + floor(random() * cardinality(:first_names::text[]))::int]
         || ' ' || split_part(name, ' ', 2) end,
       case when guardian then lpad(floor(random() * 1e11)::bigint::text, 11, '0') end,
       case when state = 'Lost' then (:objections::int[])[1 + floor(random() * cardinality(:objections::int[]))::int] end,
       case when state <> 'Open' then updated_at end,
       case when random() < 0.75 then floor(20 + power(random(), 3) * 172800)::int end,
       created_at, updated_at
from card`;

/**
 * Two to six entries per card, between its creation and its last change: created, then stage moves, tasks,
 * qualification and price, and the close of a closed card.
 */
const HISTORY_SQL = `
insert into history_logs (platform_id, workspace_id, type, opportunity_id, contact_id, user_id, data, created_at)
select o.platform_id, o.workspace_id, e.type, o.id, o.contact_id, o.user_id,
       case e.type
         when 'OpportunityCreated' then jsonb_build_object('sales_stage_name', (:open_names::text[])[1])
         when 'OpportunityClosedWon' then jsonb_build_object('sales_stage_name', :won_name::text)
         when 'OpportunityClosedLost' then jsonb_build_object('sales_stage_name', :lost_name::text,
           'closed_type', 'Preço', 'closed_description', null)
         when 'OpportunitySalesStageUpdated' then jsonb_build_object(
           'from_name', (:open_names::text[])[1 + (o.id + e.k) % cardinality(:open_names::text[])],
           'to_name', (:open_names::text[])[1 + (o.id + e.k + 1) % cardinality(:open_names::text[])])
         when 'TaskCreated' then jsonb_build_object('type_name', 'Ligar', 'end_type_name', 'Ligação',
           'status_name', 'NotStarted', 'description', null,
           'start_timestamp', to_char(e.happened_at, 'YYYY-MM-DD"T"HH24:MI:SS'))
         when 'OpportunityProbabilityUpdated' then jsonb_build_object('from_probability', 40,
           'to_probability', o.probability)
         else jsonb_build_object('from_price', null, 'to_price', o.price)
       end,
       e.happened_at
from opportunities o
cross join lateral (
  select k, o.created_at + (o.updated_at - o.created_at) * ((k - 1)::float8 / (n - 1)) as happened_at,
         case when k = 1 then 'OpportunityCreated'
              when k = n and o.state_type = 'Won' then 'OpportunityClosedWon'
              when k = n and o.state_type = 'Lost' then 'OpportunityClosedLost'
              when (o.id + k) % 4 = 3 and o.price > 0 then 'OpportunityPriceCreated'
              else (array['OpportunitySalesStageUpdated', 'TaskCreated', 'OpportunityProbabilityUpdated',
                          'TaskCreated'])[1 + (o.id + k) % 4]
         end as type
  from (select 2 + (o.id * 7 + 3) % 5 n) entries, generate_series(1, n) k
) e
where o.platform_id = :platform and o.workspace_id = :workspace and o.id between :from::int and :to::int`;

/**
 * The dialer's calls: two cards in five with a responsible were called, one to three times by that rep, between
 * the card's creation and its last change. Two calls in five never answered, one in five talked 15 s or less, the
 * rest up to ten minutes (answered above 15 s).
 */
const CALLS_SQL = `
insert into opportunity_calls (platform_id, workspace_id, opportunity_id, user_id, attempt, phone_number, adapter,
                               status, outcome, started_at, answered_at, ended_at, duration, answered)
select o.platform_id, o.workspace_id, o.id, o.user_id, a.k, '5511999990000', 'sandbox', 'ended',
       case when t.talk is null then 'no_answer' when t.talk > 15 then 'answered' else 'short' end,
       a.started_at, a.started_at + interval '8 seconds' * (t.talk is not null)::int,
       a.started_at + interval '1 second' * (coalesce(t.talk, 22) + 8),
       coalesce(t.talk, 0), coalesce(t.talk > 15, false)
from opportunities o
cross join lateral (
  select k, o.created_at + (o.updated_at - o.created_at) * random() started_at, random() r
  from generate_series(1, 1 + (o.id * 7 + 1) % 3) k
) a
cross join lateral (
  select case when a.r < 0.4 then null when a.r < 0.6 then floor(1 + random() * 15)::int
              else floor(16 + power(random(), 2) * 585)::int end talk
) t
where o.platform_id = :platform and o.workspace_id = :workspace and o.id between :from::int and :to::int
  and o.user_id is not null and o.id % 5 < 2`;

/** A progress line for the long loops of the big workspace; the small ones stay quiet. */
function progress(label: string, total: number) {
  const begin = performance.now();
  const shown = total > CHUNK;
  return {
    step(done: number) {
      if (shown)
        process.stdout.write(`\r    ${label} ${done} / ${total} (${seconds(performance.now() - begin)})`);
    },
    end() {
      if (shown) process.stdout.write('\n');
    },
  };
}

async function seedCards(client: pg.Client, scope: Scope, catalog: Catalog, users: number[], total: number) {
  const shown = progress('cards and contacts', total);
  for (let from = 1; from <= total; from += CHUNK) {
    await run(client, CARDS_SQL, {
      platform: scope.platformId,
      workspace: scope.workspaceId,
      from,
      to: Math.min(total, from + CHUNK - 1),
      total,
      span_days: HISTORY_SPAN_DAYS,
      first_names: FIRST_NAMES,
      surnames: SURNAMES,
      cities: CITIES.map((c) => c[0]),
      states: CITIES.map((c) => c[1]),
      ddds: CITIES.map((c) => c[2]),
      neighborhoods: NEIGHBORHOODS,
      domains: MAIL_DOMAINS,
      accented: ACCENTED,
      plain: PLAIN,
      won_share: WON_SHARE,
      closed_share: WON_SHARE + LOST_SHARE,
      won: catalog.won.id,
      lost: catalog.lost.id,
      open_pool: catalog.openPool,
      users,
      default_type: catalog.defaultType,
      types: catalog.types,
      products: catalog.products,
      prices: catalog.prices,
      probabilities: [...QUALIFICATION_VALUES],
      sources: SOURCE_POOL,
      medias: catalog.medias,
      campaigns: catalog.campaigns,
      tags: catalog.tags,
      objections: catalog.objections,
    });
    shown.step(Math.min(total, from + CHUNK - 1));
  }
  shown.end();
}

/** Runs a statement over the workspace's cards a chunk of ids at a time. */
async function perCards(
  client: pg.Client,
  scope: Scope,
  label: string,
  statement: string,
  params: Record<string, unknown> = {},
) {
  const { rows } = await run<{ min: number; max: number }>(
    client,
    'select min(id) min, max(id) max from opportunities where platform_id = :platform and workspace_id = :workspace',
    { platform: scope.platformId, workspace: scope.workspaceId },
  );
  const { min, max } = rows[0] ?? { min: 0, max: -1 };
  const shown = progress(label, max - min + 1);
  for (let from = min; from <= max; from += CHUNK) {
    await run(client, statement, {
      platform: scope.platformId,
      workspace: scope.workspaceId,
      from,
      to: Math.min(max, from + CHUNK - 1),
      ...params,
    });
    shown.step(Math.min(max, from + CHUNK - 1) - min + 1);
  }
  shown.end();
}

function seedHistory(client: pg.Client, scope: Scope, catalog: Catalog) {
  return perCards(client, scope, 'cards with their history', HISTORY_SQL, {
    open_names: catalog.openNames,
    won_name: catalog.won.name,
    lost_name: catalog.lost.name,
  });
}

interface Seeder {
  database: Database;
  client: pg.Client;
  platforms: PlatformDirectory;
  hash: string;
}

/** A workspace opened by the app for its owner, with its people, lists, cards and history. */
async function seedWorkspace(seeder: Seeder, platformId: number, name: string, size: Size, prefix: string) {
  const { client, database, platforms } = seeder;
  const [ownerId] = await seedUsers(client, platformId, `${prefix}dono`, 1, seeder.hash);
  const workspace = await openWorkspace(database.db, { platformId, userId: ownerId as number }, name);
  const scope = { platformId, workspaceId: workspace.id };
  const users = await seedUsers(client, platformId, prefix, size.users, seeder.hash);
  await addMembers(client, scope, users, size.managers);
  const { won_term, lost_term } = platforms.get(platformId).terms;
  const catalog = await seedCatalog(client, scope, size, { won: won_term, lost: lost_term });
  await seedCards(client, scope, catalog, users, size.cards);
  await seedHistory(client, scope, catalog);
  await perCards(client, scope, 'cards with their calls', CALLS_SQL);
  return scope;
}

export function seedAll(url: string) {
  return seedDatabase(url, async ({ database, client, platforms }) => {
    const admin = await createUser(database.db, DEFAULT_PLATFORM_ID, {
      name: 'Ana Bench',
      email: ADMIN_EMAIL,
      password: PASSWORD,
    });
    // A throwaway database: commits need not wait for the disk, and index builds may use more memory.
    await client.query("set synchronous_commit = off; set maintenance_work_mem = '256MB'");
    const seeder = { database, client, platforms, hash: admin.passwordHash };
    const big = await timed(`workspace '${BIG_WORKSPACE}' (${CARDS} cards)`, () =>
      seedWorkspace(seeder, DEFAULT_PLATFORM_ID, BIG_WORKSPACE, BIG, 'vendedor'),
    );
    await addMember(database.db, DEFAULT_PLATFORM_ID, big.workspaceId, admin.id, 'admin');
    await timed(`${OTHER_WORKSPACES} other workspaces (${SMALL.cards} cards each)`, async () => {
      for (let i = 1; i <= OTHER_WORKSPACES; i++) {
        // Most in the same platform, a few in two others: the tenant filters have neighbours to skip.
        const platformId = i <= 14 ? DEFAULT_PLATFORM_ID : i <= 17 ? 1 : 2;
        await seedWorkspace(seeder, platformId, `Bench Unidade ${i}`, SMALL, `u${i}.`);
      }
    });
    await timed('vacuum analyze', () => client.query('vacuum analyze'));
  });
}

const COUNTED_TABLES = [
  'opportunities',
  'contacts',
  'history_logs',
  'opportunity_calls',
  'users',
  'members',
  'workspaces',
];

export async function printSize(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; size: string }>(
      `select relname name, pg_size_pretty(pg_total_relation_size(relid)) size from pg_stat_user_tables
       where relname = any($1) order by pg_total_relation_size(relid) desc`,
      [COUNTED_TABLES],
    );
    const [db] = (
      await client.query<{ size: string }>('select pg_size_pretty(pg_database_size(current_database())) size')
    ).rows;
    for (const r of rows) {
      const [counted] = (await client.query<{ n: string }>(`select count(*)::text n from ${r.name}`)).rows;
      console.log(`  ${r.name.padEnd(16)} ${counted?.n.padStart(10)} rows  ${r.size.padStart(8)}`);
    }
    console.log(`  database size ${db?.size}`);
  } finally {
    await client.end();
  }
}
