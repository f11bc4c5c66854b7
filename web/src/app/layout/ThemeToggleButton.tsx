import { MoonIcon, SunIcon } from '../../components/icons/icons.tsx';
import { t } from '../../i18n/index.ts';
import { useThemeMode } from '../providers/theme/index.ts';
import { IconButton } from '../../components/IconButton.tsx';

export function ThemeToggleButton() {
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <IconButton label={label} onClick={toggle}>
      {mode === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
