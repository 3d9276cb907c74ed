// Restart after a crash: a real server (apps/server/src/main.ts, its own process) on a fresh PostgreSQL database is
// killed with SIGKILL in the middle of a batch message (recipients sending), of chat sends (messages with the
// channel) and of a lead import (rows half imported), then started again. Prints, per kind of work and over
// BENCH_ROUNDS runs (default 3), how long the server took to answer again and how long until the interrupted work
// moved on, from the restart. Target: under 10 s from the restart. Needs BENCH_DATABASE_URL (or TEST_DATABASE_URL).
// The Graph API of WhatsApp is the tests' local stand-in, slowed to a real network's pace.

import {
  batchScenario,
  chatScenario,
  crashAndResume,
  crashWorld,
  importScenario,
  type Scenario,
  signedIn,
} from '../apps/server/test/crash.ts';
import { percentile, seconds } from './bench-support.ts';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server');
process.env.TEST_DATABASE_URL = url;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Session = Awaited<ReturnType<typeof signedIn>>;
type World = Awaited<ReturnType<typeof crashWorld>>;
const kinds: [string, (world: World, session: Session) => Promise<Scenario>][] = [
  ['batch message, 60 recipients', (world, session) => batchScenario(world, session, 60)],
  ['chat sends, 24 rooms', (world, session) => chatScenario(world, session, 24)],
  ['lead import, 1,500 rows', (world, session) => importScenario(world, session, 1500)],
];

console.log(`Restart after SIGKILL, ${ROUNDS} runs each (p50 / max)`);
for (const [label, start] of kinds) {
  const answered: number[] = [];
  const resumed: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const world = await crashWorld({ BATCH_STEP_PAUSE_MS: '200' });
    try {
      await world.server.start();
      const scenario = await start(world, await signedIn(world));
      const timing = await crashAndResume(world.server, scenario);
      answered.push(timing.startupMs);
      resumed.push(timing.resumedMs);
    } finally {
      await world.close();
    }
  }
  const both = (values: number[]) => `${seconds(percentile(values, 50))} / ${seconds(Math.max(...values))}`;
  console.log(`  ${label.padEnd(32)} answers again ${both(answered)}   work resumed ${both(resumed)}`);
}
