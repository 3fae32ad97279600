import { TERMS_VERSION } from '@forja/shared/constants';
import { expect } from 'vitest';
import { listOutbox, type OutboxEntry } from '#adapters/mail/outbox';
import { users } from '#db/schema/users';
import { processMailRequests } from '#modules/users/users.service';
import { hashPassword } from '#security/passwords';
import { createSession } from '#security/sessions';
import type { TestContext } from './context';

const hashes = new Map<string, Promise<string>>();

/** argon2 is slow on purpose; a file hashes each test password once. */
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export const PASSWORD = 'correcto caballo batería grapa';

let counter = 0;
/** What the registration screen sends, with the terms in force accepted. */
export function registrationOf(
  email: string,
  names: { first_name: string; last_name: string } = {
    first_name: 'Lucía',
    last_name: 'Fernández',
  },
) {
  return { email, password: PASSWORD, ...names, country: 'ES', terms_version: TERMS_VERSION };
}

export function uniqueEmail(name = 'usuaria'): string {
  counter += 1;
  return `${name}.${counter}.${Date.now().toString(36)}@example.com`;
}

/** An account written straight to the database: enabled, with PASSWORD, a trainee. */
export async function createUser(
  ctx: TestContext,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const { password = PASSWORD, ...fields } = overrides;
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      email: uniqueEmail(),
      password_hash: await hashOnce(password),
      first_name: 'Lucía',
      last_name: 'Fernández',
      country: 'ES',
      enabled: true,
      ...fields,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

/** A session for a user without going through the password check. */
export function signIn(ctx: TestContext, userId: string) {
  return createSession({ db: ctx.database.db, clock: ctx.clock }, userId);
}

export function auth(accessToken: string) {
  return { authorization: `Token ${accessToken}` };
}

/** Turns waiting reset and resend requests into messages, as the server's worker does. */
export async function runMailRequests(ctx: TestContext): Promise<void> {
  await processMailRequests(
    { db: ctx.database.db, clock: ctx.clock, publicUrl: ctx.config.publicUrl },
    (error) => {
      throw error;
    },
  );
}

/** The messages to `email`, newest first, once the waiting requests have been handled. */
export async function mailsTo(ctx: TestContext, email: string): Promise<OutboxEntry[]> {
  await runMailRequests(ctx);
  return listOutbox({ db: ctx.database.db }, { to: email });
}

export async function lastMailTo(ctx: TestContext, email: string): Promise<OutboxEntry> {
  const [mail] = await mailsTo(ctx, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

export function codeIn(mail: OutboxEntry): string {
  const match = /Código: (\d{6})/.exec(mail.text);
  expect(match, 'the message carries a code').not.toBeNull();
  return match?.[1] ?? '';
}

/** The token of the reset link in a message. */
export function resetTokenIn(mail: OutboxEntry): string {
  const match = /\/users\/password-reset\?email=[^&\s]+&token=([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(match, 'the message carries a reset link').not.toBeNull();
  return match?.[1] ?? '';
}
