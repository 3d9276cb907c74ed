import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from './demo.seed.ts';

const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');

/** The rows of the README's demo login table, as 'host email'. */
function readmeLogins(): string[] {
  const table = readme
    .split('### Demo logins')[1]
    ?.split('\n\n')
    .find((block) => block.startsWith('|'));
  return (table ?? '')
    .split('\n')
    .map((row) => row.match(/^\|\s*`([^`:]+):\d+`\s*\|\s*`([^`]+)`/))
    .filter((match) => match !== null)
    .map(([, host, email]) => `${host} ${email}`);
}

describe('README', () => {
  it('14. the demo login table lists every person the demo seeds, on the host they sign in at', () => {
    const seeded = DEMO_TENANTS.flatMap((t) => t.people.map((p) => `${t.host} ${p.email}`));
    expect(readmeLogins().sort()).toEqual(seeded.sort());
  });
});
