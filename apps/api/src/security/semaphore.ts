/** At most `limit` holders at once; the rest wait in order. */
export class Semaphore {
  private holders = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly limit: number) {}

  get active(): number {
    return this.holders;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.holders < this.limit) {
      this.holders += 1;
    } else {
      // The releasing holder hands its slot over directly, so the count stays put.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.holders -= 1;
    }
  }
}
