import { SelectField } from '@aws-amplify/ui-react';
import { isLanguage, languages } from '@atende/shared/language';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { currentLocale, t } from '../../../i18n/index.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useSaveLanguage } from '../api/save-language.ts';

/**
 * The "Idioma" select of one's own profile (docs/i18n.md): a choice is saved on the user at once
 * and the UI redraws in it. Shows the language the UI speaks now (the user's, else the browser's).
 */
export function LanguageSelect() {
  const { user } = useAuth();
  const save = useSaveLanguage();
  if (!user) return null;
  return (
    <SelectField
      label={t('language.label')}
      name="language"
      value={currentLocale()}
      isDisabled={save.isPending}
      onChange={(event) => {
        const language = event.target.value;
        if (!isLanguage(language)) return;
        save.mutate({ userId: user.id, language }, { onError: (error) => toastError(error) });
      }}
    >
      {languages.map((language) => (
        <option key={language} value={language}>
          {t(`language.${language}`)}
        </option>
      ))}
    </SelectField>
  );
}
