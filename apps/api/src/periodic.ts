/**
 * Runs `task` every `intervalMs`, never two at once (a tick that finds the previous run still
 * going is skipped). `stop` waits for a run in progress.
 */
export function every(
  intervalMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = task()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  // The timer alone must not keep the process alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
