import { STORAGE_KEYS } from '@forja/shared/constants';

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

/** The stored access token, or null when there is none (or storage is unavailable). */
export function getAccessToken(): string | null {
  return readItem(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return readItem(STORAGE_KEYS.refreshToken);
}

/** Authenticated means a non-empty access token is stored. */
export function isAuthenticated(): boolean {
  return Boolean(getAccessToken());
}

export function storeTokens(tokens: StoredTokens): void {
  writeItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  writeItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

export function clearTokens(): void {
  removeItem(STORAGE_KEYS.accessToken);
  removeItem(STORAGE_KEYS.refreshToken);
}

/** The address last used to register, so verification can be offered without retyping it. */
export function getRegisteredEmail(): string | null {
  return readItem(STORAGE_KEYS.userEmail);
}

export function storeRegisteredEmail(email: string): void {
  writeItem(STORAGE_KEYS.userEmail, email);
}

// Storage can be blocked by browser privacy settings; reads then see nothing and writes are
// dropped, which leaves the visitor logged out rather than broken.
function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // See above.
  }
}

function removeItem(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // See above.
  }
}

/**
 * Calls `changed` when another tab of this site logs in or out (storage events fire only in
 * the other tabs), so this one stops showing a session that no longer exists. A refresh in
 * another tab replaces the tokens without ending anything and is ignored.
 */
export function followSessionAcrossTabs(changed: (signedIn: boolean) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: the whole storage was cleared.
    if (event.key !== null && event.key !== STORAGE_KEYS.accessToken) return;
    const before = event.key === null ? true : Boolean(event.oldValue);
    const after = event.key === null ? false : Boolean(event.newValue);
    if (before !== after) changed(after);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('storage', onStorage);
  };
}
