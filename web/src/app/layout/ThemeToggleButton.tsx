import { Button } from '@aws-amplify/ui-react';
import { MoonIcon, SunIcon } from '../../components/icons/icons.tsx';
import { t } from '../../i18n/index.ts';
import { useThemeMode } from '../providers/theme/index.ts';

export function ThemeToggleButton() {
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Button
      variation="link"
      size="small"
      onClick={toggle}
      ariaLabel={label}
      title={label}
      className="icon-button"
    >
      {mode === 'dark' ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
