/** The card's agenda (platform.md §4 "Task list entered from a pipeline opportunity"), linked from the card. */
export const AGENDA_PATH = '/calendar';
const CARD_ID_PARAM = 'parent_id';
const CARD_NAME_PARAM = 'opportunity';

export function cardAgendaPath(card: { id: number; name: string }): string {
  const params = new URLSearchParams({ [CARD_ID_PARAM]: String(card.id), [CARD_NAME_PARAM]: card.name });
  return `${AGENDA_PATH}?${params}`;
}

/** The card an agenda link names, or null when the address names none. */
export function cardOfAgendaLink(params: URLSearchParams): { id: number; name: string } | null {
  const id = Number(params.get(CARD_ID_PARAM));
  if (!Number.isInteger(id) || id <= 0) return null;
  return { id, name: params.get(CARD_NAME_PARAM) || `#${id}` };
}
