import { describe, expect, it } from 'vitest';
import { hashingSlots, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { Semaphore } from './semaphore';

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 and a salt per hash', async () => {
    const [first, second] = await Promise.all([
      hashPassword('correcto caballo batería'),
      hashPassword('correcto caballo batería'),
    ]);
    for (const hash of [first, second]) {
      expect(hash).toMatch(/^\$argon2id\$v=19\$/);
      const parameters = hash.split('$')[3]?.split(',').sort();
      expect(parameters).toEqual(['m=19456', 'p=1', 't=2']);
    }
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'correcto caballo batería')).toBe(true);
    expect(await verifyPassword(first, 'correcto caballo baterí')).toBe(false);
    expect(await verifyPassword('no es un hash', 'lo que sea')).toBe(false);
    expect(await verifyAgainstDummy('lo que sea')).toBe(false);
  });

  it('runs a bounded number of hashes at once; the rest wait their turn', async () => {
    const burst = hashingSlots.limit * 3;
    const work = Array.from({ length: burst }, (_, index) => hashPassword(`clave número ${index}`));
    // Every call has entered the semaphore synchronously by now.
    expect(hashingSlots.active).toBe(hashingSlots.limit);
    expect(hashingSlots.waiting).toBe(burst - hashingSlots.limit);
    expect(hashingSlots.limit).toBeLessThanOrEqual(4);
    await Promise.all(work);
    expect(hashingSlots.active).toBe(0);
    expect(hashingSlots.waiting).toBe(0);
  });
});

describe('Semaphore', () => {
  it('never lets more than its limit run, and frees the slot when work fails', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let most = 0;
    const job = (fail: boolean) =>
      semaphore.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (fail) throw new Error('falla');
        return 'hecho';
      });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => job(index % 3 === 0)),
    );
    expect(most).toBe(2);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(4);
    expect(semaphore.active).toBe(0);
  });
});
