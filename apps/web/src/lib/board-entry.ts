import { useLocation, useNavigate } from 'react-router';

/** What a screen hands to the pipeline when it opens it for one person (platform.md §4). */
type BoardEntry = { userId: number };

/** Opens the pipeline with its user filter preset to `userId`. */
export function useOpenBoardForUser(): (userId: number) => void {
  const navigate = useNavigate();
  return (userId) => navigate('/', { state: { userId } satisfies BoardEntry });
}

/** The user the pipeline was opened for, if any; read once when the board is entered. */
export function useBoardEntryUserId(): number | undefined {
  const state = useLocation().state as Partial<BoardEntry> | null;
  return typeof state?.userId === 'number' ? state.userId : undefined;
}
