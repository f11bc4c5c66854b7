import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { BrandMark, LogoutIcon, MenuIcon } from '../../components/icons/icons.tsx';
import { t } from '../../i18n/index.ts';
import { useAuth } from '../providers/auth/index.ts';
import { ThemeToggleButton } from './ThemeToggleButton.tsx';

interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu(): void;
}

export function TopBar({ menuOpen, onToggleMenu }: TopBarProps) {
  const { user, logout } = useAuth();
  return (
    <Flex as="header" className="top-bar" alignItems="center" gap="small">
      <Button
        variation="link"
        size="small"
        className="icon-button"
        onClick={onToggleMenu}
        ariaLabel={menuOpen ? t('layout.closeMenu') : t('layout.openMenu')}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
      >
        <MenuIcon />
      </Button>
      <Flex alignItems="center" gap="xs">
        <BrandMark size={28} />
        <Text as="span" fontWeight="bold" fontSize="large">
          {t('app.name')}
        </Text>
      </Flex>
      <Flex flex="1" justifyContent="flex-end" alignItems="center" gap="small">
        {user && (
          <Text as="span" className="top-bar__greeting" color="font.secondary">
            {t('app.greeting', { name: user.name })}
            {user.company?.name ? ` · ${user.company.name}` : ''}
          </Text>
        )}
        <ThemeToggleButton />
        <Button
          variation="link"
          size="small"
          className="icon-button"
          onClick={() => void logout()}
          title={t('layout.logout')}
        >
          <LogoutIcon />
          <span className="top-bar__logout-label">{t('layout.logout')}</span>
        </Button>
      </Flex>
    </Flex>
  );
}
