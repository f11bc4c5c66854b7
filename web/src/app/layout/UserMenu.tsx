import { lazy, Suspense, useState } from 'react';
import { Menu, MenuButton, MenuItem, Text } from '@aws-amplify/ui-react';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '../../components/icons/icons.tsx';
import { t } from '../../i18n/index.ts';
import { useAuth } from '../providers/auth/index.ts';

// The modal brings the users feature (and its form schemas); it loads when first opened.
const UserModal = lazy(() => import('../../features/users/components/UserModal.tsx'));

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The top bar's user menu: the own profile (the user modal on oneself) and logout. */
export function UserMenu() {
  const { user, logout } = useAuth();
  const [profileOpen, setProfileOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Menu
        menuAlign="end"
        trigger={
          <MenuButton variation="link" size="small" className="user-menu__trigger" ariaLabel={t('layout.userMenu')}>
            <span className="user-menu__avatar" aria-hidden="true">
              {initialsOf(user.name)}
            </span>
            <Text as="span" className="user-menu__name">
              {user.name}
            </Text>
            <ChevronDownIcon size={16} />
          </MenuButton>
        }
      >
        <MenuItem onClick={() => setProfileOpen(true)} gap="small">
          <UserIcon size={18} />
          {t('layout.profile')}
        </MenuItem>
        <MenuItem onClick={() => void logout()} gap="small">
          <LogoutIcon size={18} />
          {t('layout.logout')}
        </MenuItem>
      </Menu>
      {profileOpen && (
        <Suspense fallback={null}>
          <UserModal open userId={user.id} ownProfile onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
