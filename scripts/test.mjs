// `npm test`: unit and component suites, the API suites on PGlite (and on PostgreSQL when TEST_DATABASE_URL
// or DATABASE_URL is set), then the browser journeys in Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebIfStale } from './start.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'vendaval-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

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
  } else {
    totals.passed += json.stats.expected + json.stats.flaky;
    totals.failed += json.stats.unexpected;
    totals.skipped += json.stats.skipped;
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
  step(name, 'npx', args, env, { kind: 'vitest', file });
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
  const file = join(reports, 'e2e.json');
  step(
    'Jornadas no Chromium (Playwright)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    },
    { kind: 'playwright', file },
  );
} else if (process.env.CI === 'true') {
  console.error(`\nChromium não encontrado em ${chromium}: no CI as jornadas no navegador são obrigatórias.`);
  failedSteps.push('Chromium ausente');
} else {
  console.warn(`\n*** ATENÇÃO: Chromium não encontrado em ${chromium}; jornadas no navegador PULADAS. ***`);
}

console.log(`\n${failedSteps.length ? `Falharam: ${failedSteps.join(', ')}` : 'Todas as etapas passaram.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
