/** A finished queue reloads the page (PLAT-164), so every screen shows the calls it made. */
export function reloadPage() {
  window.location.reload();
}
