import { appendFileSync } from 'node:fs';
import { inject } from 'vitest';

export interface Figures {
  requests: number;
  /** `200: 812, 503: 188` */
  answers: string;
  recordsChecked: number;
  recordsLost: number;
  /** Anything else worth a number: peak memory, time to recover… */
  extra?: Record<string, string | number>;
}

/** Prints the scenario's one line of figures and keeps it for the summary at the end. */
export function report(scenario: string, figures: Figures) {
  const extra = Object.entries(figures.extra ?? {}).map(([key, value]) => `; ${key}: ${value}`);
  const line =
    `${scenario}: requests ${figures.requests} (${figures.answers}); ` +
    `records checked ${figures.recordsChecked}, lost ${figures.recordsLost}${extra.join('')}`;
  console.log(line);
  appendFileSync(inject('faultsFiguresFile'), `${line}\n`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultsFiguresFile: string;
  }
}
