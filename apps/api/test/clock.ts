import type { Clock } from '#clock';

/** A clock that stands still until a test moves it. */
export class TestClock implements Clock {
  private current: Date;

  constructor(start = new Date('2026-03-02T09:00:00.000Z')) {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }

  set(date: Date): void {
    this.current = new Date(date);
  }
}
