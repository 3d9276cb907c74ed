import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, featureLoops, foreignDataAccess, type ImportGraph, importGraph } from './import-graph.ts';

// Dependencies point one way (ARCHITECTURE §2): no import cycle between files, no feature importing one that
// imports it back, and a feature's tables written only by that feature.
const root = fileURLToPath(new URL('../src', import.meta.url));
const graph = importGraph(root);

describe('the server imports point one way', () => {
  it('no file of the server imports a file that imports it back, directly or not', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('no feature imports a feature that imports it back', () => {
    expect(featureLoops(graph)).toEqual([]);
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
    expect(featureLoops(looped)).toEqual(['a <-> b']);
    const tablesOnly: ImportGraph = new Map([
      ['modules/a/a.queries.ts', ['modules/b/b.tables.ts']],
      ['modules/b/b.queries.ts', ['modules/a/a.tables.ts']],
    ]);
    expect(featureLoops(tablesOnly)).toEqual([]);
  });
});
