import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe: access, refresh and reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** True when a string could be one of our tokens; anything else is refused unseen. */
export function looksLikeToken(value: string): boolean {
  return tokenShape.test(value);
}

/** What the database keeps instead of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A six-digit code from the CSPRNG, leading zeros kept. */
export function newVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function hashVerificationCode(userId: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${userId}\n${purpose}\n${code}`).digest('hex');
}

// The key that seals a child token is derived from the parent token, which the database
// never holds, so only a caller presenting the parent can open it.
function sealingKey(parentToken: string): Buffer {
  return createHash('sha256').update(`forja refresh grace\n${parentToken}`).digest();
}

export function sealForHolder(parentToken: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(parentToken), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The sealed secret, or null when the parent token does not open it. */
export function openAsHolder(parentToken: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(parentToken), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
