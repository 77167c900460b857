import { useSyncExternalStore } from 'react';
import { getAuthSnapshot, subscribeAuth, type AuthSnapshot } from '@/lib/auth-storage';

/** The stored session (token, userInfo); re-renders on sign-in, sign-out and changes from other tabs. */
export function useAuth(): AuthSnapshot & { isSignedIn: boolean } {
  const snapshot = useSyncExternalStore(subscribeAuth, getAuthSnapshot, getAuthSnapshot);
  return { ...snapshot, isSignedIn: !!snapshot.token };
}
