// `npm test`: unit and component suites, the API suites on PGlite (and on PostgreSQL when TEST_DATABASE_URL
// or DATABASE_URL is set), then the browser journeys in Chromium. Ends with one "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebIfStale } from './start.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'vendaval-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const failedTests = [];

function step(name, command, args, env = {}, report) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (report) count(report);
  if (result.status !== 0) failedSteps.push(name);
}

function count(report) {
  if (!existsSync(report.file)) return;
  const json = JSON.parse(readFileSync(report.file, 'utf8'));
  if (report.kind === 'vitest') {
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    for (const file of json.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed)
        failedTests.push(`${report.step}: ${file.name.replace(root, '')} › ${test.fullName}`);
      if (!failed.length && file.status === 'failed')
        failedTests.push(`${report.step}: ${file.name.replace(root, '')} › ${file.message ?? ''}`);
    }
  } else {
    totals.passed += json.stats.expected + json.stats.flaky;
    totals.failed += json.stats.unexpected;
    totals.skipped += json.stats.skipped;
    collectUnexpected(json.suites ?? [], report.step);
  }
}

/** Playwright's report nests suites in suites; a spec failed when any of its tests ended unexpected. */
function collectUnexpected(suites, step) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.status === 'unexpected'))
        failedTests.push(`${step}: ${spec.file}:${spec.line} › ${spec.title}`);
    }
    collectUnexpected(suite.suites ?? [], step);
  }
}

const vitest = (name, projects, env = {}) => {
  const file = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  step(name, 'npx', args, env, { kind: 'vitest', file, step: name });
};

step('Lint (Biome) e tipos (TypeScript)', 'npm', ['run', '--silent', 'check']);
vitest('core e web', ['core', 'web']);
vitest('Scripts (npm start)', ['scripts']);
vitest('API (PGlite)', ['server'], { TEST_DATABASE_URL: '' });
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (pgUrl) vitest('API (PostgreSQL)', ['server'], { TEST_DATABASE_URL: pgUrl });
else console.log('\nTEST_DATABASE_URL não definido: suítes da API rodaram só no PGlite.');

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(chromium)) {
  buildWebIfStale();
  await journeys(chromium);
} else if (process.env.CI === 'true') {
  console.error(`\nChromium não encontrado em ${chromium}: no CI as jornadas no navegador são obrigatórias.`);
  failedSteps.push('Chromium ausente');
} else {
  console.warn(`\n*** ATENÇÃO: Chromium não encontrado em ${chromium}; jornadas no navegador PULADAS. ***`);
}

/**
 * The journeys in E2E_SHARDS shards at once (default: 2 on two cores or more), each with a server, a database and
 * ports of its own (E2E_PORT, E2E_PORT + 100, …), so no shard sees another's data. Each shard's output is printed
 * when it ends.
 */
async function journeys(chromiumPath) {
  const name = 'Jornadas no Chromium (Playwright)';
  console.log(`\n=== ${name} ===`);
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? Math.min(2, availableParallelism())));
  const basePort = Number(process.env.E2E_PORT ?? 3210);
  const runs = Array.from({ length: shards }, (_, i) => {
    const file = join(reports, `e2e-${i + 1}.json`);
    const args = ['playwright', 'test', '--config', 'e2e/playwright.config.ts'];
    if (shards > 1) args.push(`--shard=${i + 1}/${shards}`);
    const env = { ...process.env, CHROMIUM_PATH: chromiumPath, PLAYWRIGHT_JSON_OUTPUT_NAME: file };
    env.E2E_PORT = String(basePort + 100 * i);
    env.E2E_OUTPUT_DIR = `./test-results/part-${i + 1}`;
    delete env.E2E_DATA_DIR;
    return new Promise((resolve) => {
      const child = spawn('npx', args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        console.log(`\n--- ${name}: parte ${i + 1} de ${shards} ---\n${output}`);
        count({ kind: 'playwright', file, step: `${name}, parte ${i + 1}` });
        resolve(code);
      });
    });
  });
  const codes = await Promise.all(runs);
  if (codes.some((code) => code !== 0)) failedSteps.push(name);
}

if (failedTests.length)
  console.log(`\nTestes que falharam:\n${failedTests.map((test) => `  ✘ ${test}`).join('\n')}`);
console.log(`\n${failedSteps.length ? `Falharam: ${failedSteps.join(', ')}` : 'Todas as etapas passaram.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
