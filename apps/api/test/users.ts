import { randomUUID } from 'node:crypto';
import type { Db } from '#db/client';
import { users } from '#db/schema/users';

/** A verified trainee stored directly, for tests that do not go through registration. */
export async function insertUser(db: Db, fields: { email?: string } = {}) {
  const [user] = await db
    .insert(users)
    .values({
      email: fields.email ?? `ana.${randomUUID()}@example.com`,
      password_hash: 'not-a-real-hash',
      first_name: 'Ana',
      last_name: 'García',
      country: 'ES',
      enabled: true,
    })
    .returning({ id: users.id, email: users.email });
  if (!user) throw new Error('user not inserted');
  return user;
}
