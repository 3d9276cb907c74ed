import SwaggerParser from '@apidevtools/swagger-parser';
import { WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER } from '@vendaval/core/schemas/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_DOCS } from '../src/infra/openapi/operations.ts';
import { webhookSchemaName } from '../src/infra/openapi/webhook-docs.ts';
import { buildTestApp, RH_HOST, type TestApp } from './test-app.ts';

type Operation = {
  summary?: string;
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string }; example?: unknown }> }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  security?: unknown[];
};
type Document = {
  info: { title: string; description: string };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { example?: unknown; properties?: Record<string, unknown> }> };
};

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
  );
const W = '/api/v1/workspaces/{workspaceId}';

describe('the API document', () => {
  it('/api/docs/json is a valid OpenAPI document, as SDK generators and API clients read it', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(Object.keys(document.paths).length).toBeGreaterThan(100);
  });

  it('every operation has its pt-BR summary and a tag, and every summary describes a real operation', () => {
    const keys = new Set<string>();
    const described = new Set(document.tags.filter((tag) => tag.description).map((tag) => tag.name));
    for (const { path, method, operation } of operations()) {
      const key = `${method.toUpperCase()} ${path.slice('/api/v1'.length)}`;
      keys.add(key);
      expect(OPERATION_DOCS[key]?.summary, key).toBeTruthy();
      expect(operation.summary, key).toBe(OPERATION_DOCS[key]?.summary);
      expect(operation.tags?.length, key).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(described.has(tag), `${key}: ${tag}`).toBe(true);
    }
    for (const key of Object.keys(OPERATION_DOCS)) expect(keys.has(key), key).toBe(true);
  });

  it('error answers carry the shared error schema: 401 where a token is needed, 403/404/429 on workspace routes, 400/413 with a body', () => {
    for (const { path, method, operation } of operations()) {
      const where = `${method} ${path}`;
      for (const [status, answer] of Object.entries(operation.responses))
        if (Number(status) >= 400)
          expect(answer.content?.['application/json']?.schema?.$ref, where).toBe('#/components/schemas/Erro');
      const statuses = Object.keys(operation.responses);
      if (operation.security?.length) expect(statuses, where).toContain('401');
      if (path.startsWith(W)) expect(statuses, where).toEqual(expect.arrayContaining(['403', '404', '429']));
      if (operation.requestBody) expect(statuses, where).toEqual(expect.arrayContaining(['400', '413']));
    }
    expect(Object.keys(document.paths[`${W}/api-clients/{id}/secret`]?.post?.responses ?? {})).toContain(
      '409',
    );
    expect(document.components.schemas.Erro?.properties).toHaveProperty('errors');
  });

  it('the main resources have request and answer examples: cards, contacts, tasks, messages', () => {
    const example = (path: string, method: string) => document.paths[`${W}${path}`]?.[method];
    const card = example('/opportunities', 'post');
    expect(card?.requestBody?.content['application/json']?.example).toMatchObject({
      contact: { name: 'Maria Souza' },
    });
    expect(card?.responses['200']?.content?.['application/json']?.example).toMatchObject({ id: 1287 });
    expect(
      example('/contacts/{contactId}', 'get')?.responses['200']?.content?.['application/json']?.example,
    ).toMatchObject({
      name: 'Maria Souza',
    });
    expect(example('/tasks', 'post')?.requestBody?.content['application/json']?.example).toMatchObject({
      parent_id: 1287,
    });
    expect(
      example('/dialogs/{did}/messages', 'post')?.responses['200']?.content?.['application/json']?.example,
    ).toMatchObject({
      sender: 'user',
    });
  });

  it('each webhook event is a named schema with an example, and the document explains the t=…,v1=… signature', () => {
    for (const event of WEBHOOK_EVENTS) {
      const schema = document.components.schemas[webhookSchemaName(event)];
      expect(schema?.example, event).toMatchObject({ event, data: expect.any(Object) });
    }
    expect(document.info.description).toContain(WEBHOOK_SIGNATURE_HEADER);
    expect(document.info.description).toContain('t=<segundos unix>,v1=<hex>');
    expect(document.info.description).toContain('HMAC-SHA256');
  });

  it('the docs page is served at /api/docs, and the document is titled with the brand of the host asked', async () => {
    const entry = await t.call({ method: 'GET', url: '/api/docs' });
    const page =
      entry.statusCode === 200 ? entry : await t.call({ method: 'GET', url: String(entry.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Documentação da API');
    const rh = (await t.call({ method: 'GET', url: '/api/docs/json', host: RH_HOST })).json();
    const rhBrand = (await t.call({ method: 'GET', url: '/api/v1/platform', host: RH_HOST })).json().name;
    expect(rh.info.title).toBe(`API ${rhBrand}`);
    const demoBrand = (await t.call({ method: 'GET', url: '/api/v1/platform' })).json().name;
    expect(document.info.title).toBe(`API ${demoBrand}`);
    expect(rhBrand).not.toBe(demoBrand);
  });
});
