import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One login: every refresh token rotated out of it belongs to the same family, and revoking
 * the family ends the session on every token at once. Refreshes lock this row.
 */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: at('created_at').notNull(),
    /** The session ends here however often it is refreshed. */
    expires_at: at('expires_at').notNull(),
    revoked_at: at('revoked_at'),
    revoked_reason: text('revoked_reason'),
  },
  (table) => [index('session_families_user_id_idx').on(table.user_id)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    family_id: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    token_hash: text('token_hash').notNull(),
    created_at: at('created_at').notNull(),
    /** Idle expiry: a token unused until then is dead. */
    expires_at: at('expires_at').notNull(),
    rotated_at: at('rotated_at'),
    replaced_by_id: uuid('replaced_by_id'),
    /**
     * The pair this rotation issued (child refresh token and access token), encrypted with a
     * key only the holder of this token can derive, so a refresh repeated within the grace
     * window can return the same pair.
     */
    sealed_child: text('sealed_child'),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(table.token_hash),
    index('refresh_tokens_family_id_idx').on(table.family_id),
  ],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    /** SHA-256 of the token. */
    token_hash: text('token_hash').primaryKey(),
    family_id: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: at('created_at').notNull(),
    expires_at: at('expires_at').notNull(),
  },
  (table) => [index('access_tokens_family_id_idx').on(table.family_id)],
);

export const VERIFICATION_PURPOSES = ['email_verification'] as const;

/** Six-digit codes, one live code per account and purpose. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: VERIFICATION_PURPOSES }).notNull(),
    /** SHA-256 of the account id, purpose and code: a code is worth nothing elsewhere. */
    code_hash: text('code_hash').notNull(),
    failed_attempts: integer('failed_attempts').notNull().default(0),
    created_at: at('created_at').notNull(),
    expires_at: at('expires_at').notNull(),
    consumed_at: at('consumed_at'),
  },
  (table) => [
    uniqueIndex('verification_codes_user_purpose_key').on(table.user_id, table.purpose),
    check('verification_codes_purpose_check', sql`${table.purpose} in ('email_verification')`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token. */
    token_hash: text('token_hash').notNull(),
    created_at: at('created_at').notNull(),
    expires_at: at('expires_at').notNull(),
    consumed_at: at('consumed_at'),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(table.token_hash),
    index('password_reset_tokens_user_id_idx').on(table.user_id),
  ],
);

/**
 * Two-factor sign-in with an authenticator app (decision 100): one row per person who has
 * started enrolling. The secret is answered once, at enrolment, and never again; the row is
 * on once `confirmed_at` is set.
 */
export const twoFactor = pgTable('two_factor', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The TOTP secret, base32. */
  secret: text('secret').notNull(),
  created_at: at('created_at').notNull(),
  confirmed_at: at('confirmed_at'),
  /** The time step of the last code accepted: that code and earlier ones are refused. */
  last_step: integer('last_step'),
  /** Wrong codes since the last right one or the last lock. */
  failed_attempts: integer('failed_attempts').notNull().default(0),
  locked_until: at('locked_until'),
});

/** Single-use recovery codes, kept as SHA-256 hashes: ten made at each confirmation. */
export const recoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    created_at: at('created_at').notNull(),
    used_at: at('used_at'),
  },
  (table) => [
    index('two_factor_recovery_codes_user_id_idx').on(table.user_id),
    uniqueIndex('two_factor_recovery_codes_code_hash_key').on(table.code_hash),
  ],
);
