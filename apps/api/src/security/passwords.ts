import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { Semaphore } from './semaphore';

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * argon2 runs on libuv's worker threads, off the event loop. Each hash holds 19 MiB, so
 * the number at once is bounded: a burst of logins waits its turn instead of exhausting
 * memory or the thread pool.
 */
export const hashingSlots = new Semaphore(Math.max(1, Math.min(4, availableParallelism())));

export function hashPassword(password: string): Promise<string> {
  return hashingSlots.run(() => argon2.hash(password, ARGON2_OPTIONS));
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return hashingSlots.run(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A stored hash that cannot be read never matches.
      return false;
    }
  });
}

// A hash of a random password with the same parameters: verifying against it costs what a
// real verification costs and never succeeds.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,p=1,t=2$BYZfDnNttiUinqkhZECqew$YjUPSeDoK3H3d/4EZofXPDzGgzAJXscs0ajcyvvOt14';

/** The same work as a failed verification, for a login whose e-mail is unknown. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, password);
  return false;
}
