import { useLocation, useNavigate } from 'react-router';

/**
 * Filters another screen hands to the pipeline when it opens it on some cards (a chart's bar, a person): the
 * board's own filter fields, the rest left at the board's defaults.
 */
export type BoardEntryFilters = {
  timestamp_attribute?: 'created_at' | 'updated_at';
  start_timestamp?: string | null;
  end_timestamp?: string | null;
  user_id?: number[];
  sales_stage_id?: number[];
  campaign_id?: number[];
  media_id?: number[];
  product_id?: number[];
  source_type?: string[];
  closed_type?: number[];
  probability?: number | null;
};

type BoardEntry = { filters: BoardEntryFilters };

/** Opens the pipeline with its filters preset. */
export function useOpenBoardWith(): (filters: BoardEntryFilters) => void {
  const navigate = useNavigate();
  return (filters) => navigate('/', { state: { filters } satisfies BoardEntry });
}

/** Opens the pipeline with its user filter preset to `userId` (platform.md §4). */
export function useOpenBoardForUser(): (userId: number) => void {
  const open = useOpenBoardWith();
  return (userId) => open({ user_id: [userId] });
}

/** The filters the pipeline was opened with, if any; read once when the board is entered. */
export function useBoardEntryFilters(): BoardEntryFilters | undefined {
  const state = useLocation().state as Partial<BoardEntry> | null;
  return state?.filters && typeof state.filters === 'object' ? state.filters : undefined;
}
