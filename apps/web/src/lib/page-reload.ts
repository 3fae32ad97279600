/** A seam over location.reload, which browsers (and jsdom) do not let tests replace. */
export function reloadPage(): void {
  window.location.reload();
}
