import { ROLES, STORAGE_KEYS, type StoredUserInfo, type User } from '@clinic/shared';

/** Why the stored session went away: the layouts pick where to send the visitor from it. */
export type SignOutReason = 'logout' | 'expired';

export type AuthSnapshot = {
  token: string | null;
  user: StoredUserInfo | null;
  signOutReason: SignOutReason | null;
};

const listeners = new Set<() => void>();
let signOutReason: SignOutReason | null = null;
let cached: {
  rawToken: string | null;
  rawUser: string | null;
  reason: SignOutReason | null;
  snapshot: AuthSnapshot;
} | null = null;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage can be full or blocked (private mode); the session then lasts as long as the page.
  }
}

function parseUser(raw: string | null): StoredUserInfo | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredUserInfo> | null;
    if (!value || typeof value !== 'object') return null;
    if (typeof value.id !== 'number' || typeof value.username !== 'string') return null;
    if (!(ROLES as readonly string[]).includes(value.role as string)) return null;
    return {
      id: value.id,
      username: value.username,
      email: typeof value.email === 'string' ? value.email : '',
      fullName: typeof value.fullName === 'string' ? value.fullName : null,
      role: value.role as StoredUserInfo['role'],
      ...(value.phone !== undefined ? { phone: value.phone } : {}),
    };
  } catch {
    return null;
  }
}

/** What a page rendered ahead on the server shows, and what hydration starts from: nobody signed in. */
const SIGNED_OUT: AuthSnapshot = { token: null, user: null, signOutReason: null };

export function getServerAuthSnapshot(): AuthSnapshot {
  return SIGNED_OUT;
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function getUserInfo(): StoredUserInfo | null {
  return parseUser(read(STORAGE_KEYS.userInfo));
}

/** The current session, the same object until something changes (for useSyncExternalStore). */
export function getAuthSnapshot(): AuthSnapshot {
  const rawToken = read(STORAGE_KEYS.token);
  const rawUser = read(STORAGE_KEYS.userInfo);
  if (!cached || cached.rawToken !== rawToken || cached.rawUser !== rawUser || cached.reason !== signOutReason) {
    cached = {
      rawToken,
      rawUser,
      reason: signOutReason,
      snapshot: { token: rawToken || null, user: parseUser(rawUser), signOutReason },
    };
  }
  return cached.snapshot;
}

export function setAuth(token: string, user: StoredUserInfo): void {
  signOutReason = null;
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.userInfo, JSON.stringify(user));
  emit();
}

/** Replaces the token only, e.g. with the new one a password change returns. */
export function setToken(token: string): void {
  write(STORAGE_KEYS.token, token);
  emit();
}

/** Merges fresh fields (from the profile) into the stored userInfo; does nothing when unchanged. */
export function updateUserInfo(patch: Partial<StoredUserInfo>): void {
  const current = getUserInfo();
  if (!current) return;
  const next = JSON.stringify({ ...current, ...patch });
  if (next === read(STORAGE_KEYS.userInfo)) return;
  write(STORAGE_KEYS.userInfo, next);
  emit();
}

/** The profile's answer joins the stored userInfo (specification section 3: phone too), so the header shows it at once. */
export function mergeProfileIntoUserInfo(
  user: Pick<User, 'id' | 'username' | 'email' | 'fullName' | 'role' | 'phone'>,
): void {
  updateUserInfo({
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    phone: user.phone,
  });
}

export function clearAuth(reason: SignOutReason = 'logout'): void {
  signOutReason = reason;
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.userInfo, null);
  emit();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes what this tab shows too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.userInfo) emit();
  });
}

/** Forgets the session and the sign-out reason, as on a fresh page load (tests start from here). */
export function resetAuthStorage(): void {
  signOutReason = null;
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.userInfo, null);
  emit();
}
