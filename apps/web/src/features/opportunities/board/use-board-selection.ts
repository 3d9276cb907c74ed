import { useCallback, useMemo, useState } from 'react';

/** The cards picked on the board: one by one (a shift-click adds a column's run), or every card of the filter. */
export type BoardSelection = {
  active: boolean;
  ids: ReadonlySet<number>;
  /** Every card the board's filter shows, however many: the server pages through them, the browser holds no ids. */
  all: boolean;
  start: () => void;
  stop: () => void;
  /**
   * Picks or drops a card. With `run` (the column's cards in order) and an earlier click in that column, every card
   * between the two is picked, as a shift-click does in a list.
   */
  toggle: (id: number, run?: readonly number[]) => void;
  selectAll: () => void;
  clear: () => void;
};

type State = { active: boolean; ids: ReadonlySet<number>; all: boolean; anchor: number | null };
const EMPTY: State = { active: false, ids: new Set(), all: false, anchor: null };

function toggled(state: State, id: number, run?: readonly number[]): State {
  const from = state.anchor === null ? -1 : (run?.indexOf(state.anchor) ?? -1);
  const to = run?.indexOf(id) ?? -1;
  const ids = new Set(state.ids);
  if (run && from >= 0 && to >= 0) {
    for (const picked of run.slice(Math.min(from, to), Math.max(from, to) + 1)) ids.add(picked);
  } else if (ids.has(id)) {
    ids.delete(id);
  } else {
    ids.add(id);
  }
  return { ...state, ids, anchor: id };
}

/** The board's selection under `filter`: another filter shows other cards, so what was picked is dropped. */
export function useBoardSelection(filter: unknown): BoardSelection {
  const [state, setState] = useState<State>(EMPTY);
  const [pickedUnder, setPickedUnder] = useState(filter);
  if (pickedUnder !== filter) {
    setPickedUnder(filter);
    setState((s) => ({ ...s, ids: new Set(), all: false, anchor: null }));
  }
  const start = useCallback(() => setState({ ...EMPTY, active: true }), []);
  const stop = useCallback(() => setState(EMPTY), []);
  const toggle = useCallback(
    (id: number, run?: readonly number[]) => setState((s) => (s.all ? s : toggled(s, id, run))),
    [],
  );
  const selectAll = useCallback(
    () => setState((s) => ({ ...s, all: true, ids: new Set(), anchor: null })),
    [],
  );
  const clear = useCallback(() => setState((s) => ({ ...s, all: false, ids: new Set(), anchor: null })), []);
  return useMemo(
    () => ({ ...state, start, stop, toggle, selectAll, clear }),
    [state, start, stop, toggle, selectAll, clear],
  );
}
