/** A seam over location.assign for addresses outside the app, which tests cannot spy on. */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
