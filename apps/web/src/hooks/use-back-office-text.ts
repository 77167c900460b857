import { useCallback, useContext, useSyncExternalStore } from 'react';
import {
  getBackOfficeLanguage,
  subscribeBackOfficeLanguage,
  translateBackOffice,
  type BackOfficeLanguage,
} from '@/lib/back-office-language';
import { useAuth } from './use-auth';
import { CurrentUserContext } from './use-current-user';

/** The signed-in user's back-office language ('en' by default, or for nobody signed in). */
export function useBackOfficeLanguage(): BackOfficeLanguage {
  const current = useContext(CurrentUserContext);
  const { user } = useAuth();
  const userId = current?.id ?? user?.id ?? null;
  return useSyncExternalStore(
    subscribeBackOfficeLanguage,
    () => getBackOfficeLanguage(userId),
    () => 'en' as const,
  );
}

/** `t('Patient Control')`: the English text of the specification, or its Vietnamese when she chose it. */
export function useBackOfficeText(): (english: string) => string {
  const language = useBackOfficeLanguage();
  return useCallback((english: string) => translateBackOffice(english, language), [language]);
}
