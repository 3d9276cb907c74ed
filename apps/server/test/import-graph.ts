import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Every file of the tree and the files of the tree it imports (type imports too), by path relative to `root`. */
export type ImportGraph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const local = importedFiles.map((i) => i.fileName).filter((name) => name.startsWith('.'));
    graph.set(
      relative(root, file),
      local.map((name) => relative(root, resolve(dirname(file), name))),
    );
  }
  return graph;
}

/** The import cycles: each strongly connected group of more than one file (or a file importing itself). */
export function cycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The feature a file belongs to: its module folder, or the feature a schema file is named after. */
const featureOf = (file: string) =>
  /^modules\/([^/]+)\//.exec(file)?.[1] ?? /^schema\/([^/]+)\.tables\.ts$/.exec(file)?.[1];
const isTables = (file: string) => file.endsWith('.tables.ts');

/** The unit a file counts in for module loops: `modules/<feature>`, or its top folder (`infra`, `schema`). */
const unitOf = (file: string): string => /^modules\/[^/]+/.exec(file)?.[0] ?? file.split('/', 1)[0] ?? file;

/**
 * Groups of modules (and `infra`, `schema`) that import each other, directly or through others. Tables sit in
 * `schema/`, below every module, so foreign keys and read-joins across features make no loop.
 */
export function moduleLoops(graph: ImportGraph): string[][] {
  const units: ImportGraph = new Map();
  for (const [file, imports] of graph) {
    const from = unitOf(file);
    const targets = new Set(units.get(from));
    for (const target of imports)
      if (graph.has(target) && unitOf(target) !== from) targets.add(unitOf(target));
    units.set(from, [...targets]);
  }
  return cycles(units);
}

const WRITES = new Set(['insert', 'update', 'delete']);

/**
 * What a feature does with another feature's data access: any import of its queries, and any insert, update or
 * delete on a table imported from its tables, as `file: what`.
 */
export function foreignDataAccess(root: string, graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [file, imports] of graph) {
    const feature = featureOf(file);
    if (!feature) continue;
    const foreign = (target: string) => featureOf(target) !== undefined && featureOf(target) !== feature;
    for (const target of imports.filter((t) => foreign(t) && t.endsWith('.queries.ts')))
      found.push(`${file}: imports ${target}`);
    const tablesOf = imports.filter((t) => foreign(t) && isTables(t));
    if (tablesOf.length === 0) continue;
    const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest);
    const foreignTables = foreignTableNames(source, file, tablesOf);
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        WRITES.has(node.expression.name.text)
      ) {
        const [table] = node.arguments;
        if (table && ts.isIdentifier(table) && foreignTables.has(table.text))
          found.push(`${file}: ${node.expression.name.text}(${table.text})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The local names of the tables `file` imports from other features' tables files. */
function foreignTableNames(source: ts.SourceFile, file: string, tablesFiles: string[]) {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = join(dirname(file), statement.moduleSpecifier.text);
    const bindings = statement.importClause?.namedBindings;
    if (!tablesFiles.includes(target) || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) names.add(element.name.text);
  }
  return names;
}
