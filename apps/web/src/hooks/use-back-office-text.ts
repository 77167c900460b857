import { useCallback, useContext, useSyncExternalStore } from 'react';
import {
  getBackOfficeLanguage,
  subscribeBackOfficeLanguage,
  translateBackOffice,
  translateServerText,
  type BackOfficeLanguage,
} from '@/lib/back-office-language';
import { errorMessage } from '@/lib/error-message';
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

/**
 * `errorText(error, 'Failed to …')`: what went wrong as the screen shows it (the server's sentence,
 * or the call's fallback), in Vietnamese when she chose it.
 */
export function useBackOfficeErrorText(): (error: unknown, fallback: string) => string {
  const language = useBackOfficeLanguage();
  return useCallback(
    (error: unknown, fallback: string) => translateServerText(errorMessage(error, fallback), language),
    [language],
  );
}

/** A server's sentence (an import's summary, a row's problems) in the chosen language. */
export function useBackOfficeServerText(): (text: string) => string {
  const language = useBackOfficeLanguage();
  return useCallback((text: string) => translateServerText(text, language), [language]);
}
