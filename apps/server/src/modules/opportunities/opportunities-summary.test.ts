import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';

let w: World;
beforeAll(async () => {
  w = await cardsWorld();
});
afterAll(() => w.t.close());

interface StageTotal {
  sales_stage_id: number;
  count: number;
  total_price: number;
}

async function summary(workspaceId: number, query: string): Promise<StageTotal[]> {
  const res = await w.call('admin', 'GET', workspaceId, `opportunities/summary?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = (res.json() as { data: StageTotal[] }).data;
  return rows
    .map((r) => ({ ...r, total_price: Math.round(r.total_price * 100) / 100 }))
    .sort((a, b) => a.sales_stage_id - b.sales_stage_id);
}

/** Naming every state leaves the same cards but makes the summary count them one by one. */
const countingCards = '&state_type=Open&state_type=Won&state_type=Lost';

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await w.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Brasília's date `daysAgo` days before today, as the filter drawer sends it. */
async function brasiliaDay(daysAgo: number): Promise<string> {
  const [row] = await rows<{ day: string }>(
    sql`select to_char((now() at time zone 'America/Sao_Paulo')::date - ${daysAgo}::int, 'YYYY-MM-DD') as day`,
  );
  return row?.day as string;
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('GET /opportunities/summary: the board columns from the day totals', () => {
  it('PLAT-241 every period answers the same totals as counting the cards, after cards are created, edited, moved, closed, transferred and deleted', async () => {
    // Cards last changed over the past twelve days, at many hours of the day.
    await w.t.database.db.execute(
      sql`update opportunities set updated_at = now() - (id % 12) * interval '1 day' - (id % 9) * interval '157 minutes'`,
    );
    const created = await w.create('admin', w.centro, { price: 1234.5 });
    const edited = await w.create('admin', w.centro);
    expect(
      (await w.call('admin', 'PUT', w.centro, `opportunities/${edited.id}`, { price: 99.9 })).statusCode,
    ).toBe(200);
    const moved = await w.create('admin', w.centro, { price: 10 });
    await w.addTask(w.centro, moved.id);
    const progress = await w.stage(w.centro, 'InProgress');
    const move = await w.call('admin', 'PUT', w.centro, `opportunities/${moved.id}/move-to`, {
      data: { sales_stage_id: progress.id, display_order: 'top' },
    });
    expect(move.statusCode, move.body).toBe(200);
    const lost = await w.create('admin', w.centro);
    await w.addTask(w.centro, lost.id);
    const reason = await w.item(w.centro, 'objections', 'Preço');
    const close = await w.call('admin', 'PUT', w.centro, `opportunities/${lost.id}/close`, {
      data: { state_type: 'Lost', closed_type: reason.id },
    });
    expect(close.statusCode, close.body).toBe(200);
    const leaving = await w.create('admin', w.centro, { price: 500 });
    const north = await w.stage(w.zonaNorte, 'First');
    const transfer = await w.call('admin', 'PUT', w.centro, `opportunities/${leaving.id}/transfer`, {
      workspace_id: w.zonaNorte,
      sales_stage_id: north.id,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    await w.t.database.db.execute(sql`delete from opportunities where id = ${created.id}`);

    const periods = [
      '',
      `start_timestamp=${hoursAgo(24 * 5 + 7)}`,
      `start_timestamp=${await brasiliaDay(6)}`,
      `start_timestamp=${hoursAgo(24 * 9 + 3)}&end_timestamp=${hoursAgo(24 * 2 + 11)}`,
      `start_timestamp=${hoursAgo(24 * 4 + 2)}&end_timestamp=${hoursAgo(24 * 4)}`,
      `start_timestamp=${await brasiliaDay(8)}&end_timestamp=${await brasiliaDay(3)}`,
      `end_timestamp=${await brasiliaDay(1)}`,
      `end_timestamp=${hoursAgo(30)}`,
      `start_timestamp=${hoursAgo(2)}`,
      `start_timestamp=${hoursAgo(24 * 8)}&sales_stage_id=${progress.id}`,
    ];
    for (const workspaceId of [w.centro, w.zonaNorte]) {
      for (const period of periods) {
        const query = `timestamp_attribute=updated_at&${period}`;
        const board = await summary(workspaceId, query);
        expect(board, period).toEqual(await summary(workspaceId, query + countingCards));
      }
    }
    const everything = await summary(w.centro, '');
    expect(everything.reduce((n, r) => n + r.count, 0)).toBeGreaterThan(20);
  });

  it('the day totals always equal a recount of the cards, in every workspace of every platform', async () => {
    const kept = await rows<{
      workspace_id: number;
      sales_stage_id: number;
      day: string;
      cards: number;
      total: string;
    }>(
      sql`select workspace_id, sales_stage_id, day::text, cards, total::numeric(14,2)::text total
          from opportunity_stage_days where cards <> 0 order by 1, 2, 3`,
    );
    const recounted = await rows<(typeof kept)[number]>(
      sql`select workspace_id, sales_stage_id, (updated_at at time zone 'America/Sao_Paulo')::date::text as day,
                 count(*)::int cards, sum(price)::numeric(14,2)::text total
          from opportunities group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(kept).toEqual(recounted);
    expect(new Set(kept.map((r) => r.workspace_id)).size).toBeGreaterThanOrEqual(3);
  });

  it('the day totals and the cards of partial days are read from covering indexes, without the tables', async () => {
    const indexes = await rows<{ name: string; definition: string }>(
      sql`select indexname as name, indexdef as definition from pg_indexes
          where indexname in ('opportunity_stage_days_day_idx', 'opportunities_updated_idx') order by 1`,
    );
    expect(indexes.map((i) => i.definition.replace(/^.* USING btree /, ''))).toEqual([
      '(platform_id, workspace_id, updated_at) INCLUDE (sales_stage_id, price)',
      '(platform_id, workspace_id, day) INCLUDE (sales_stage_id, cards, total)',
    ]);
  });

  it('the day totals are read without parallel workers, whose start costs more than the read', async () => {
    const [table] = await rows<{ options: string[] | null }>(
      sql`select reloptions as options from pg_class where relname = 'opportunity_stage_days'`,
    );
    expect(table?.options).toContain('parallel_workers=0');
  });
});
