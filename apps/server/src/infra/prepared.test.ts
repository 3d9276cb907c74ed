import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { opportunities as o } from '../schema/opportunities.tables.ts';
import { inline, NamedValues, shapeOf } from './prepared.ts';

const byStage = (stageId: number, bind = inline) => eq(o.salesStageId, bind(stageId));

describe('query shapes', () => {
  it('values taken by name leave the shape as it is; their names carry them', () => {
    const [a, b] = [new NamedValues(), new NamedValues()];
    expect(shapeOf(byStage(1, a.bind))).toBe(shapeOf(byStage(2, b.bind)));
    expect(a.values).toEqual({ v0: 1 });
    expect(b.values).toEqual({ v0: 2 });
  });

  it('a value built into the query is part of its shape, so no other value reuses its statement', () => {
    expect(shapeOf(byStage(1))).not.toBe(shapeOf(byStage(2)));
    expect(shapeOf(byStage(1))).toBe(shapeOf(byStage(1)));
  });

  it('the other parts (sort, joins) are part of the shape too', () => {
    const named = new NamedValues();
    expect(shapeOf(byStage(1, named.bind), 'display_order')).not.toBe(
      shapeOf(byStage(1, named.bind), 'name'),
    );
  });
});
