import { createContext, useContext } from 'react';
import type { User } from '@clinic/shared';

/** The signed-in user as the server last described it (the admin layout loads and provides it). */
export const CurrentUserContext = createContext<User | null>(null);

export function useCurrentUser(): User {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used inside the admin layout');
  return user;
}
