import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { API_ERRORS } from '@forja/shared/errors';
import { AppError } from '#http/app-error';

/**
 * zxcvbn's scores: 3 means at least 10^8 guesses, beyond an online attack and costly
 * offline against argon2id. Below it, a password is refused (decision 100).
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * zxcvbn's cost grows with the length, up to seconds for a few hundred characters built to
 * be slow. It reads this many: a weak pattern shows in its first 100 characters, and a
 * longer passphrase is judged by them.
 */
const CHECKED_LENGTH = 100;

const resolve = createRequire(import.meta.url).resolve;

/**
 * The estimator runs on a thread of its own, so that its work never holds the event loop.
 * Its dictionaries (the 49,000 commonest passwords, Spanish words, names and surnames) are
 * loaded there once, at the first check.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { ZxcvbnFactory } = require(workerData.core);
const common = require(workerData.common);
const es = require(workerData.es);
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...es.dictionary },
  graphs: common.adjacencyGraphs,
  translations: es.translations,
  maxLength: workerData.maxLength,
});
parentPort.on('message', ({ id, password, userInputs }) => {
  try {
    parentPort.postMessage({ id, score: zxcvbn.check(password, userInputs).score });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

interface Pending {
  resolve: (score: number) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  worker = undefined;
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function estimator(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      core: resolve('@zxcvbn-ts/core'),
      common: resolve('@zxcvbn-ts/language-common'),
      es: resolve('@zxcvbn-ts/language-es-es'),
      maxLength: CHECKED_LENGTH,
    },
  });
  started.on('message', (answer: { id: number; score?: number; error?: string }) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.score === undefined) waiting.reject(new Error(answer.error ?? 'no score'));
    else waiting.resolve(answer.score);
    if (pending.size === 0) started.unref();
  });
  started.on('error', (error) => {
    failAll(error);
  });
  started.on('exit', () => {
    if (worker === started) failAll(new Error('password strength worker stopped'));
  });
  worker = started;
  return started;
}

/** zxcvbn's score, 0 to 4, of a password for a person described by `userInputs`. */
export function passwordScore(password: string, userInputs: string[]): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const thread = estimator();
    nextId += 1;
    pending.set(nextId, { resolve: resolvePromise, reject });
    thread.ref();
    thread.postMessage({ id: nextId, password, userInputs });
  });
}

const withoutAccents = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '');

/** The words of a person's name and address an attacker would try first. */
function personalWords(person: PasswordOwner): string[] {
  const local = person.email.split('@')[0] ?? '';
  const words = [
    person.email,
    local,
    ...local.split(/[._+-]+/),
    person.first_name,
    person.last_name,
    `${person.first_name} ${person.last_name}`,
    ...`${person.first_name} ${person.last_name}`.split(/\s+/),
    `${person.first_name}${person.last_name}`.replace(/\s+/g, ''),
  ].filter((word) => word.length > 0);
  return [...new Set([...words, ...words.map(withoutAccents)])];
}

export interface PasswordOwner {
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * Refuses, with 400 `password too guessable`, a password that is common, a keyboard or
 * number pattern, or made of the person's own name or e-mail.
 */
export async function assertStrongPassword(password: string, owner: PasswordOwner): Promise<void> {
  const score = await passwordScore(password, personalWords(owner));
  if (score < MIN_PASSWORD_SCORE) {
    throw new AppError('weakPassword', { fields: { password: API_ERRORS.weakPassword.message } });
  }
}
