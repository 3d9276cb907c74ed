import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from './factories/api-clients.ts';
import { cardsWorld, type World } from './factories/cards.ts';

/**
 * What an integrator does with our document: generate TypeScript types with openapi-typescript, write a client on
 * them with openapi-fetch, have tsc check it, and create a card with an integration token.
 */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

type NewCard =
  paths['/api/v1/workspaces/{workspaceId}/opportunities']['post']['requestBody']['content']['application/json'];

export async function createCard(baseUrl: string, secret: string, workspaceId: number, card: NewCard) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${secret}\` } });
  const { data, response } = await client.POST('/api/v1/workspaces/{workspaceId}/opportunities', {
    params: { path: { workspaceId } },
    body: card,
  });
  if (!data) throw new Error(\`card not created: \${response.status}\`);
  const id: number = data.id;
  const stage: number = data.sales_stage_id;
  return { id, stage, name: data.name };
}
`;

/** The generated client's function, as this test (which tsc checks before the file exists) sees it. */
type CreateCard = (
  baseUrl: string,
  secret: string,
  workspaceId: number,
  card: Record<string, unknown>,
) => Promise<{ id: number; name: string }>;

let w: World;
let dir: string;
let baseUrl: string;
beforeAll(async () => {
  w = await cardsWorld();
  dir = mkdtempSync(join(dirname(fileURLToPath(import.meta.url)), '.generated-'));
  baseUrl = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await w.t.close();
  await rm(dir, { recursive: true, force: true });
});

/** tsc's complaints about a program, one line each. */
function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('a client generated from the API document', () => {
  it('openapi-typescript types compile with a typed client, which creates a card with an integration token', async () => {
    const document = (await w.t.call({ method: 'GET', url: '/api/docs/json' })).json();
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(document)));
    const client = join(dir, 'client.ts');
    writeFileSync(client, CLIENT);
    expect(typeErrors(client)).toEqual([]);

    const { secret } = await integrations(w).create('opportunityApi');
    const { createCard } = (await import(client)) as { createCard: CreateCard };
    const media = (await w.item(w.centro, 'medias', 'Instagram')).id;
    const card = await createCard(baseUrl, secret, w.centro, {
      source_type: 'Offline',
      media_id: media,
      contact: { name: 'Lead do cliente gerado', phone_number: w.phone() },
    });
    expect(card.id).toBeGreaterThan(0);
    expect((await w.card(w.centro, card.id)).name).toBe('Lead do cliente gerado');
  });
});
