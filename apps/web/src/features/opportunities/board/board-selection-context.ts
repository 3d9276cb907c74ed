import { createContext, useContext } from 'react';
import type { BoardSelection } from './use-board-selection.ts';

/** The board's selection, for the cards deep in the virtualized columns; null outside a board. */
export const BoardSelectionContext = createContext<BoardSelection | null>(null);

export const useBoardSelectionContext = () => useContext(BoardSelectionContext);
