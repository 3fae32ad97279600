import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Role } from '@forja/shared/constants';
import type { AuthTokens } from '@forja/shared/schemas/auth';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { accessTokens, refreshTokens, sessionFamilies } from '#db/schema/auth';
import { subscriptions } from '#db/schema/subscriptions';
import { users } from '#db/schema/users';
import { givesAccess } from '#db/subscriptions';
import { endSessionStreams } from '#events/publish';
import { hashToken, looksLikeToken, newToken, openAsHolder, sealForHolder } from './tokens';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const SESSION_LIFETIMES = {
  accessMs: 15 * MINUTE,
  /** A refresh token unused for this long is dead. */
  refreshIdleMs: 14 * DAY,
  /** A session ends this long after login however often it is refreshed. */
  refreshAbsoluteMs: 60 * DAY,
  /** A rotated refresh token still returns its child for this long (two tabs at once). */
  refreshGraceMs: 10_000,
} as const;

interface SessionDeps {
  db: Db;
  clock: Clock;
}

/** Who is calling, as resolved from a valid access token. */
export interface SessionPrincipal {
  userId: string;
  role: Role;
  sessionFamilyId: string;
  /**
   * What a call about the caller needs of their row, read together with the token, so it
   * needs no second query: never the password's hash. Valid for this request only.
   */
  user: PrincipalUser;
  /**
   * Whether the caller has a subscription that opens the premium calls, read together with
   * the token, so the subscription gate needs no query of its own. Valid for this request
   * only.
   */
  hasAccess: boolean;
}

/**
 * The columns of the caller's row that every request reads with the token: what `toUser`
 * answers and `foods_version` (decision 070). The password's hash and the bookkeeping
 * columns stay in the database: every column is read at every request.
 */
export type PrincipalUser = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'country'
  | 'profile_picture_url'
  | 'trainer_id'
  | 'role'
  | 'enabled'
  | 'last_login'
  | 'foods_version'
>;

const after = (date: Date, ms: number) => new Date(date.getTime() + ms);

async function issueAccessToken(db: Db, now: Date, familyId: string, userId: string) {
  const token = newToken();
  await db.insert(accessTokens).values({
    token_hash: hashToken(token),
    family_id: familyId,
    user_id: userId,
    created_at: now,
    expires_at: after(now, SESSION_LIFETIMES.accessMs),
  });
  return token;
}

async function issueRefreshToken(db: Db, now: Date, familyId: string, familyExpiresAt: Date) {
  const token = newToken();
  const idleExpiry = after(now, SESSION_LIFETIMES.refreshIdleMs);
  const [row] = await db
    .insert(refreshTokens)
    .values({
      family_id: familyId,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: idleExpiry < familyExpiresAt ? idleExpiry : familyExpiresAt,
    })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('refresh token not stored');
  return { token, id: row.id };
}

function sealedPair(tokens: AuthTokens): string {
  // Tokens are base64url, so a dot cannot occur inside one.
  return `${tokens.refresh_token}.${tokens.access_token}`;
}

function openedPair(opened: string | null): AuthTokens | null {
  const [refresh, access, ...rest] = opened?.split('.') ?? [];
  if (!refresh || !access || rest.length > 0) return null;
  if (!looksLikeToken(refresh) || !looksLikeToken(access)) return null;
  return { access_token: access, refresh_token: refresh };
}

/** Starts a new session (a new family) for a user who just proved who they are. */
export async function createSession(deps: SessionDeps, userId: string): Promise<AuthTokens> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const expiresAt = after(now, SESSION_LIFETIMES.refreshAbsoluteMs);
    const [family] = await tx
      .insert(sessionFamilies)
      .values({ user_id: userId, created_at: now, expires_at: expiresAt })
      .returning({ id: sessionFamilies.id });
    if (!family) throw new Error('session not stored');
    const refresh = await issueRefreshToken(tx, now, family.id, expiresAt);
    const access = await issueAccessToken(tx, now, family.id, userId);
    return { access_token: access, refresh_token: refresh.token };
  });
}

export type RefreshOutcome =
  | { ok: true; tokens: AuthTokens }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Rotates a refresh token. Refreshes of one family take turns on the family's row lock, so
 * two at once see each other's effect: the second, within the grace window, gets the same
 * pair; a rotated token presented after the window, or one whose child was rotated too,
 * revokes the whole family.
 */
export async function refreshSession(
  deps: SessionDeps,
  refreshToken: string,
): Promise<RefreshOutcome> {
  if (!looksLikeToken(refreshToken)) return { ok: false, reason: 'unknown' };
  const tokenHash = hashToken(refreshToken);
  return deps.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [known] = await tx
      .select({ familyId: refreshTokens.family_id })
      .from(refreshTokens)
      .where(eq(refreshTokens.token_hash, tokenHash));
    if (!known) return { ok: false, reason: 'unknown' };

    const [family] = await tx
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.id, known.familyId))
      .for('update');
    // Read again under the lock: a refresh that held it before us may have rotated it.
    const [token] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.token_hash, tokenHash));
    if (!family || !token) return { ok: false, reason: 'unknown' };
    const now = deps.clock.now();
    if (family.revoked_at) return { ok: false, reason: 'revoked' };
    if (family.expires_at <= now) return { ok: false, reason: 'expired' };

    if (!token.rotated_at) {
      if (token.expires_at <= now) return { ok: false, reason: 'expired' };
      const child = await issueRefreshToken(tx, now, family.id, family.expires_at);
      const tokens = {
        access_token: await issueAccessToken(tx, now, family.id, family.user_id),
        refresh_token: child.token,
      };
      await tx
        .update(refreshTokens)
        .set({
          rotated_at: now,
          replaced_by_id: child.id,
          sealed_child: sealForHolder(refreshToken, sealedPair(tokens)),
        })
        .where(eq(refreshTokens.id, token.id));
      return { ok: true, tokens };
    }

    // Only the immediate parent of the live token, inside the window, gets the pair its
    // rotation issued (the same pair, so replays mint nothing); an older token is theft.
    const inGrace = now.getTime() - token.rotated_at.getTime() <= SESSION_LIFETIMES.refreshGraceMs;
    const [child] =
      inGrace && token.replaced_by_id
        ? await tx
            .select({ rotated_at: refreshTokens.rotated_at })
            .from(refreshTokens)
            .where(eq(refreshTokens.id, token.replaced_by_id))
        : [];
    const pair =
      child && !child.rotated_at && token.sealed_child
        ? openedPair(openAsHolder(refreshToken, token.sealed_child))
        : null;
    if (pair) return { ok: true, tokens: pair };
    await tx
      .update(sessionFamilies)
      .set({ revoked_at: now, revoked_reason: 'refresh token reused' })
      .where(eq(sessionFamilies.id, family.id));
    await endSessionStreams(tx, [family.id]);
    return { ok: false, reason: 'reused' };
  });
}

function accessTokenLookup(db: Db) {
  const hasAccess = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(givesAccess(accessTokens.user_id));
  return db
    .select({
      userId: accessTokens.user_id,
      sessionFamilyId: accessTokens.family_id,
      role: users.role,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      country: users.country,
      profile_picture_url: users.profile_picture_url,
      trainer_id: users.trainer_id,
      enabled: users.enabled,
      last_login: users.last_login,
      foods_version: users.foods_version,
      hasAccess: sql<boolean>`exists (${hasAccess})`,
    })
    .from(accessTokens)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, accessTokens.family_id))
    .innerJoin(users, eq(users.id, accessTokens.user_id))
    .where(
      and(
        eq(accessTokens.token_hash, sql.placeholder('hash')),
        gt(accessTokens.expires_at, sql.placeholder('now')),
        gt(sessionFamilies.expires_at, sql.placeholder('now')),
        isNull(sessionFamilies.revoked_at),
      ),
    )
    .prepare('resolve_access_token');
}

type LookupRow = Awaited<ReturnType<ReturnType<typeof accessTokenLookup>['execute']>>[number];

function principalOf(row: LookupRow): SessionPrincipal {
  return {
    userId: row.userId,
    sessionFamilyId: row.sessionFamilyId,
    role: row.role,
    user: {
      id: row.userId,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      country: row.country,
      profile_picture_url: row.profile_picture_url,
      trainer_id: row.trainer_id,
      role: row.role,
      enabled: row.enabled,
      last_login: row.last_login,
      foods_version: row.foods_version,
    },
    hasAccess: row.hasAccess,
  };
}

// Every authenticated request runs this lookup: it is built once per database and sent as
// a prepared statement, which roughly halves its cost. It answers the subscription gate
// too, which would otherwise cost every premium call a query of its own.
const accessTokenLookups = new WeakMap<Db, ReturnType<typeof accessTokenLookup>>();

/** The caller behind an access token, or null when it is unknown, expired or revoked. */
export async function resolveAccessToken(
  deps: SessionDeps,
  accessToken: string,
): Promise<SessionPrincipal | null> {
  if (!looksLikeToken(accessToken)) return null;
  let lookup = accessTokenLookups.get(deps.db);
  if (!lookup) {
    lookup = accessTokenLookup(deps.db);
    accessTokenLookups.set(deps.db, lookup);
  }
  const [row] = await lookup.execute({ hash: hashToken(accessToken), now: deps.clock.now() });
  return row ? principalOf(row) : null;
}

/** Ends the session an access token belongs to, whether or not the token is still valid. */
export async function revokeSessionOfAccessToken(deps: SessionDeps, accessToken: string) {
  if (!looksLikeToken(accessToken)) return;
  const [row] = await deps.db
    .select({ familyId: accessTokens.family_id })
    .from(accessTokens)
    .where(eq(accessTokens.token_hash, hashToken(accessToken)));
  if (!row) return;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(sessionFamilies)
      .set({ revoked_at: deps.clock.now(), revoked_reason: 'logout' })
      .where(and(eq(sessionFamilies.id, row.familyId), isNull(sessionFamilies.revoked_at)));
    // Its event streams end with it, on every instance (decision 098).
    await endSessionStreams(tx, [row.familyId]);
  });
}

/**
 * Ends every session of a user, and their event streams on every instance once the caller's
 * transaction commits (decision 098).
 */
export async function revokeUserSessions(deps: SessionDeps, userId: string, reason: string) {
  const ended = await deps.db
    .update(sessionFamilies)
    .set({ revoked_at: deps.clock.now(), revoked_reason: reason })
    .where(and(eq(sessionFamilies.user_id, userId), isNull(sessionFamilies.revoked_at)))
    .returning({ id: sessionFamilies.id });
  await endSessionStreams(
    deps.db,
    ended.map((family) => family.id),
  );
}
