import { NavLink } from 'react-router-dom';
import { Divider, Flex, Text } from '@aws-amplify/ui-react';
import { version as bundledVersion } from '../../../package.json';
import { useVersion } from '../../features/version/api/get-version.ts';
import { t } from '../../i18n/index.ts';
import type { MenuEntry, MenuLink } from './menu.ts';

interface SideMenuProps {
  entries: MenuEntry[];
  open: boolean;
  /** Temporary drawers float over the page and close after a choice (narrow screens). */
  temporary: boolean;
  onNavigate(): void;
}

function MenuItem({ item, onNavigate }: { item: MenuLink; onNavigate(): void }) {
  return (
    <NavLink to={item.to} end={item.to === '/'} className="side-menu__link" onClick={onNavigate}>
      {t(item.labelKey)}
    </NavLink>
  );
}

export function SideMenu({ entries, open, temporary, onNavigate }: SideMenuProps) {
  // core §9: the label reads the server's version (GET /version), the bundled one until it answers.
  const { data: serverVersion } = useVersion();
  const version = serverVersion || bundledVersion;
  const className = ['side-menu', open ? 'side-menu--open' : '', temporary ? 'side-menu--temporary' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <nav id="side-menu" className={className} aria-label={t('layout.mainMenu')} hidden={!open}>
      <Flex direction="column" gap="xxxs" padding="small">
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            <MenuItem key={entry.to} item={entry} onNavigate={onNavigate} />
          ) : (
            <Flex key={entry.labelKey} direction="column" gap="xxxs" marginTop="small">
              <Divider size="small" />
              <Text as="span" className="side-menu__group-label">
                {t(entry.labelKey)}
              </Text>
              {entry.items.map((item) => (
                <MenuItem key={item.to} item={item} onNavigate={onNavigate} />
              ))}
            </Flex>
          ),
        )}
      </Flex>
      <Text as="span" className="side-menu__version" data-testid="app-version">
        {t('app.version', { version })}
      </Text>
    </nav>
  );
}
