// How long a search box waits after the last key before it asks the server (opportunities.md §9).
export const PRODUCT_SEARCH_DEBOUNCE_MS = 850;
export const CONTACT_SEARCH_DEBOUNCE_MS = 850;
export const WORKSPACE_SEARCH_DEBOUNCE_MS = 850;
export const USER_SEARCH_DEBOUNCE_MS = 1000;
