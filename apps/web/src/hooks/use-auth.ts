import { useSyncExternalStore } from 'react';
import { getAuthSnapshot, getServerAuthSnapshot, subscribeAuth, type AuthSnapshot } from '@/lib/auth-storage';

/**
 * The stored session (token, userInfo); re-renders on sign-in, sign-out and changes from other tabs.
 * A page the server rendered ahead hydrates signed out, then shows the stored session at once.
 */
export function useAuth(): AuthSnapshot & { isSignedIn: boolean } {
  const snapshot = useSyncExternalStore(subscribeAuth, getAuthSnapshot, getServerAuthSnapshot);
  return { ...snapshot, isSignedIn: !!snapshot.token };
}
