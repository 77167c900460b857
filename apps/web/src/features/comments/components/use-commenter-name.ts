import { useAuth } from '@/hooks/use-auth';

/** The signed-in user's name, which the comment and reply forms fill in and lock; null for a visitor. */
export function useCommenterName(): string | null {
  const { user, isSignedIn } = useAuth();
  if (!isSignedIn || !user) return null;
  return user.fullName?.trim() || user.username;
}
