import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@atende/shared/language';
import { setLocale, t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { api } from '../../../lib/api-client.ts';
import { authQueryKeys } from '../../auth/api/auth-query-keys.ts';
import type { SessionUser } from '../../auth/types.ts';
import type { User } from './types.ts';

/** PUT /users/{id} with the user's own UI language (docs/i18n.md). */
export function saveLanguage(userId: number, language: Language) {
  return api.put<User>(`/users/${userId}`, { language });
}

/**
 * Stores the signed-in user's language, then switches the UI to it: the choice is on the user, so
 * another device shows it at its next sign-in.
 */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, language }: { userId: number; language: Language }) =>
      saveLanguage(userId, language),
    onSuccess: async (_user, { language }) => {
      queryClient.setQueryData<SessionUser>(authQueryKeys.me, (me) => (me ? { ...me, language } : me));
      await setLocale(language);
      // Said after the switch (the screen redraws in the new language), in the new language.
      toast.success(t('language.saved'));
    },
  });
}
