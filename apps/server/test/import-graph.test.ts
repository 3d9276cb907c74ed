import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, foreignDataAccess, type ImportGraph, importGraph, moduleLoops } from './import-graph.ts';

// Dependencies point one way (ARCHITECTURE §2): no import cycle between files, no feature importing one that
// imports it back, and a feature's tables written only by that feature.
const root = fileURLToPath(new URL('../src', import.meta.url));
const graph = importGraph(root);

describe('the server imports point one way', () => {
  it('no file of the server imports a file that imports it back, directly or not', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('no module imports a module that imports it back, directly or through others', () => {
    expect(moduleLoops(graph)).toEqual([]);
  });

  it("no feature imports another feature's queries or writes another feature's tables", () => {
    expect(foreignDataAccess(root, graph)).toEqual([]);
  });

  it('finds the cycles and loops it is there for', () => {
    const looped: ImportGraph = new Map([
      ['modules/a/a.service.ts', ['modules/b/b.service.ts']],
      ['modules/b/b.service.ts', ['modules/b/b.rules.ts']],
      ['modules/b/b.rules.ts', ['modules/a/a.service.ts', 'modules/a/a.tables.ts']],
      ['modules/a/a.tables.ts', []],
    ]);
    expect(cycles(looped)).toEqual([
      ['modules/a/a.service.ts', 'modules/b/b.rules.ts', 'modules/b/b.service.ts'],
    ]);
    expect(moduleLoops(looped)).toEqual([['modules/a', 'modules/b']]);
    const throughThree: ImportGraph = new Map([
      ['modules/a/a.service.ts', ['modules/b/b.service.ts']],
      ['modules/b/b.service.ts', ['modules/c/c.service.ts']],
      ['modules/c/c.service.ts', ['infra/x.ts']],
      ['infra/x.ts', ['modules/a/a.service.ts']],
    ]);
    expect(moduleLoops(throughThree)).toEqual([['infra', 'modules/a', 'modules/b', 'modules/c']]);
    const throughSchema: ImportGraph = new Map([
      ['modules/a/a.queries.ts', ['schema/b.tables.ts']],
      ['modules/b/b.queries.ts', ['schema/a.tables.ts']],
      ['schema/a.tables.ts', ['schema/b.tables.ts']],
      ['schema/b.tables.ts', []],
    ]);
    expect(moduleLoops(throughSchema)).toEqual([]);
  });

  it('finds a feature writing a table that schema/ names after another feature, and its import of their queries', () => {
    const tree = mkdtempSync(join(tmpdir(), 'import-graph-'));
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(tree, file)), { recursive: true });
      writeFileSync(join(tree, file), text);
    };
    write('schema/b.tables.ts', 'export const bThings = {};\n');
    write('modules/b/b.queries.ts', 'export const readB = () => 1;\n');
    write(
      'modules/a/a.service.ts',
      "import { bThings } from '../../schema/b.tables.ts';\nimport { readB } from '../b/b.queries.ts';\n" +
        'export const f = (tx) => { readB(); tx.select().from(bThings); return tx.insert(bThings); };\n',
    );
    expect(foreignDataAccess(tree, importGraph(tree))).toEqual([
      'modules/a/a.service.ts: imports modules/b/b.queries.ts',
      'modules/a/a.service.ts: insert(bThings)',
    ]);
  });
});
