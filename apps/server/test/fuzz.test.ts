import { isCatalogueText } from '@vendaval/core/catalogue-texts';
import { errorResponseSchema } from '@vendaval/core/schemas/common';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, type TestApp, workspaceIds } from './test-app.ts';

/**
 * Every route of the app, built from its own route table like the tenancy matrix, called with hostile values in
 * its path, query and body: none may answer 5xx, and every refusal is the error shape with catalogue texts. The
 * values are picked deterministically, so a failure reproduces; a new route is covered the day it is added.
 */
let t: TestApp;
let token: string;
let workspaceId: number;

beforeAll(async () => {
  t = await buildTestApp({
    config: { loginAttemptsPerWindow: 1_000_000, loginAttemptsPerAddress: 1_000_000 },
  });
  token = await t.login('admin@demo.local');
  workspaceId = (await workspaceIds(t, token))['Escola Centro'] ?? 0;
});
afterAll(() => t.close());

const LONG = 'x'.repeat(70_000);
/** JSON values no field expects: wrong types, NUL, numbers past int4 and float range, long and odd text. */
const BODY_VALUES: unknown[] = [
  null,
  true,
  [],
  {},
  { a: { b: [1, { c: null }] } },
  [[[['x']]]],
  '\u0000',
  'Nome\u0000oculto',
  '\uD800',
  'fim\uDFFF',
  2147483648,
  1e308,
  -1,
  0,
  1.5,
  -2147483649,
  LONG,
  '😀👩‍👩‍👧‍👦'.repeat(40),
  'ção 名前 مرحبا',
  '2147483648',
  '',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
];
/** The same as they arrive in a URL (already percent-encoded). */
const URL_VALUES = [
  '%00',
  'a%00b',
  '2147483648',
  '1e308',
  '-1',
  '0',
  '1.5',
  'abc',
  'x'.repeat(3_000),
  '%F0%9F%98%80',
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
  '%25',
  'null',
];

/** A deterministic pick: the same route and field always get the same values. */
function pick<T>(values: T[], seed: string, count: number): T[] {
  let hash = 7;
  for (const c of seed) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return Array.from({ length: count }, (_, i) => values[(hash + i * 7) % values.length] as T);
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def; bag: { format?: string } } })._zod;

const TEXT_BY_FORMAT: Record<string, string> = {
  email: 'fuzz@demo.local',
  url: 'https://exemplo.com.br/webhook',
  datetime: '2026-01-01T10:00:00Z',
  date: '2026-01-01',
};

/** A value the schema would plausibly accept, so one hostile field at a time reaches past the others. */
function plausible(schema: unknown, depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  const { def, bag } = defOf(schema);
  const inner = (key: string) => plausible(def[key], depth + 1);
  switch (def.type) {
    case 'string':
      return TEXT_BY_FORMAT[bag.format ?? ''] ?? 'Teste';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as object)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [inner('element')];
    case 'tuple':
      return (def.items as unknown[]).map((item) => plausible(item, depth + 1));
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([k, v]) => [k, plausible(v, depth + 1)]),
      );
    case 'union':
      return plausible((def.options as unknown[])[0], depth + 1);
    case 'intersection':
      return { ...(inner('left') as object), ...(inner('right') as object) };
    case 'pipe':
      return defOf(def.in).def.type === 'transform' ? inner('out') : inner('in');
    case 'lazy':
      return plausible((def.getter as () => unknown)(), depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    default:
      return undefined;
  }
}

type Path = (string | number)[];

/** Every leaf of a plausible body (up to three levels deep), where a hostile value can go. */
function leaves(value: unknown, path: Path = []): Path[] {
  if (path.length >= 3 || value === null || typeof value !== 'object') return path.length ? [path] : [];
  const entries = Object.entries(value);
  if (!entries.length) return [path];
  return [
    ...(path.length ? [path] : []),
    ...entries.flatMap(([k, v]) => leaves(v, [...path, Array.isArray(value) ? Number(k) : k])),
  ];
}

function replaced(body: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaced(copy[head], rest, value);
  return copy;
}

/** Every leaf of one kind replaced at once (every text a NUL, every number past int4). */
function everyLeaf(body: unknown, kind: 'string' | 'number', value: unknown): unknown {
  if (typeof body === kind) return value;
  if (Array.isArray(body)) return body.map((item) => everyLeaf(item, kind, value));
  if (body && typeof body === 'object') {
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, everyLeaf(v, kind, value)]));
  }
  return body;
}

interface Route {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}
interface Case {
  label: string;
  url: string;
  body?: unknown;
}

const fill = (url: string, values: Record<string, string> = {}) =>
  url
    .replace(/\*$/, values['*'] ?? 'index.html')
    .replace(
      /:(\w+)/g,
      (_, name: string) => values[name] ?? (name === 'workspaceId' ? String(workspaceId) : '1'),
    );

function pathCases(route: Route): Case[] {
  const params = [...route.url.matchAll(/:(\w+)|\*$/g)].map((m) => m[1] ?? '*');
  return params.flatMap((name) =>
    pick(URL_VALUES, `${route.url} ${name}`, name === 'workspaceId' ? 1 : 3).map((value) => ({
      label: `path ${name}=${value.slice(0, 20)}`,
      url: fill(route.url, { [name]: value }),
      body: bodyOf(route),
    })),
  );
}

function queryCases(route: Route): Case[] {
  const keys = Object.keys((plausible(route.schema?.querystring) as object | undefined) ?? {});
  const withQuery = (key: string, value: string) =>
    `${fill(route.url)}?${[...keys.filter((k) => k !== key).map((k) => `${k}=1`), `${key}=${value}`].join('&')}`;
  return [
    ...keys.flatMap((key) =>
      pick(URL_VALUES, `${route.url} ?${key}`, 1).map((value) => ({
        label: `query ${key}=${value.slice(0, 20)}`,
        url: withQuery(key, value),
      })),
    ),
    { label: 'query: an unknown key and a repeated one', url: `${fill(route.url)}?zz=%00&limit=1&limit=2` },
  ];
}

const bodyOf = (route: Route) => (['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined);

function bodyCases(route: Route): Case[] {
  if (!bodyOf(route)) return [];
  const base = plausible(route.schema?.body) ?? {};
  const url = fill(route.url);
  const wholesale = pick(BODY_VALUES, `${route.url} body`, 2).map((value) => ({
    label: `body=${JSON.stringify(value)?.slice(0, 30)}`,
    url,
    body: value,
  }));
  const perLeaf = leaves(base).flatMap((path) =>
    pick(BODY_VALUES, `${route.method} ${route.url} ${path.join('.')}`, 1).map((value) => ({
      label: `body.${path.join('.')}=${JSON.stringify(value)?.slice(0, 30)}`,
      url,
      body: replaced(base, path, value),
    })),
  );
  return [
    ...wholesale,
    ...perLeaf,
    { label: 'every text a NUL', url, body: everyLeaf(base, 'string', 'a\u0000') },
    { label: 'every text a lone surrogate', url, body: everyLeaf(base, 'string', '\uDC00') },
    { label: 'every number 2147483648', url, body: everyLeaf(base, 'number', 2147483648) },
  ];
}

const send = (route: Route, c: Case) =>
  t.call({
    method: route.method as 'GET',
    url: c.url,
    token,
    ...(c.body === undefined
      ? {}
      : { payload: JSON.stringify(c.body), headers: { 'content-type': 'application/json' } }),
  });

/** A refusal: the status it answers with, a catalogue message and, when there are any, named field errors. */
function checkRefusal(res: LightMyRequestResponse, where: string): string[] {
  if (res.statusCode < 400) return [];
  const parsed = errorResponseSchema.safeParse(safeJson(res.body));
  if (!parsed.success) return [`${where}: ${res.statusCode} not the error shape: ${res.body.slice(0, 200)}`];
  const body: z.infer<typeof errorResponseSchema> = parsed.data;
  const texts = [body.message, ...(body.errors ?? []).map((e) => e.description)];
  return [
    ...(body.status === res.statusCode
      ? []
      : [`${where}: status ${body.status} in a ${res.statusCode} answer`]),
    ...texts
      .filter((text) => !isCatalogueText(text))
      .map((text) => `${where}: not a catalogue text: ${text}`),
  ];
}

const safeJson = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

// Signing out ends the session every other call uses: it goes last.
const signsOut = (route: Route) => route.url.endsWith('/auth/logout');

describe('fuzz: hostile input on every route', () => {
  it('no route answers 5xx, and every refusal is the error shape with catalogue texts', async () => {
    const routes = (t.app.routeTable as Route[])
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .sort((a, b) => Number(signsOut(a)) - Number(signsOut(b)));
    expect(routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    let requests = 0;
    for (const route of routes) {
      for (const c of [...pathCases(route), ...queryCases(route), ...bodyCases(route)]) {
        const res = await send(route, c);
        requests++;
        const where = `${route.method} ${route.url} [${c.label}]`;
        if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else problems.push(...checkRefusal(res, where));
      }
    }
    expect(problems).toEqual([]);
    expect(requests).toBeGreaterThan(600);
  }, 240_000);
});
