import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { BrandMark, MenuIcon, RefreshIcon } from '../../components/icons/icons.tsx';
import { t } from '../../i18n/index.ts';
import { isAdminProfile } from '../../lib/profile.ts';
import { AnnouncementsPopover } from '../../features/announcements/components/AnnouncementsPopover.tsx';
import { NotificationsPopover } from '../../features/notifications/components/NotificationsPopover.tsx';
import { ChatPopover } from '../../features/chats/components/ChatPopover.tsx';
import { planAllows } from '../../lib/plan.ts';
import { useAuth, usePaymentOnly } from '../providers/auth/index.ts';
import { DueDateChip } from './DueDateChip.tsx';
import { ThemeToggleButton } from './ThemeToggleButton.tsx';
import { UserMenu } from './UserMenu.tsx';
import { VolumeControl } from './VolumeControl.tsx';
import { IconButton } from '../../components/IconButton.tsx';

interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu(): void;
}

/**
 * core §2 Layout: greeting, company name and, for admins, the due date; then the theme toggle,
 * the volume slider, the refresh button, the notifications and announcements popovers and the user menu.
 */
export function TopBar({ menuOpen, onToggleMenu }: TopBarProps) {
  const { user } = useAuth();
  const paymentOnly = usePaymentOnly();
  const companyName = user?.company?.name;
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
      <Flex alignItems="center" gap="xs" className="top-bar__brand">
        <BrandMark size={28} />
        <Text as="span" fontWeight="bold" fontSize="large" className="top-bar__brand-name">
          {t('app.name')}
        </Text>
      </Flex>
      {user && (
        <Text as="span" className="top-bar__greeting" color="font.secondary" data-testid="greeting">
          {companyName
            ? t('app.greetingCompany', { name: user.name, company: companyName })
            : t('app.greeting', { name: user.name })}
        </Text>
      )}
      {/* No gap on phones: the buttons' own padding spaces their icons, so eight of them fit 390 px. */}
      <Flex flex="1" justifyContent="flex-end" alignItems="center" gap={{ base: '0', medium: 'xxs' }}>
        {user && isAdminProfile(user.profile) && <DueDateChip dueDate={user.company?.dueDate} />}
        <VolumeControl />
        <IconButton label={t('layout.refresh')} onClick={() => window.location.reload()}>
          <RefreshIcon />
        </IconButton>
        {user && !paymentOnly && (
          <NotificationsPopover viewerId={user.id} isAdmin={isAdminProfile(user.profile)} />
        )}
        {user && !paymentOnly && planAllows(user.company?.plan, 'useInternalChat') && <ChatPopover viewerId={user.id} />}
        {user && !paymentOnly && <AnnouncementsPopover />}
        <ThemeToggleButton />
        <UserMenu />
      </Flex>
    </Flex>
  );
}
