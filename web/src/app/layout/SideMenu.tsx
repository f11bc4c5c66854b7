import { NavLink } from 'react-router-dom';
import { Divider, Flex, Text } from '@aws-amplify/ui-react';
import { version as bundledVersion } from '../../../package.json';
import { useVersion } from '../../features/version/api/get-version.ts';
import { AlertTriangleIcon } from '../../components/icons/icons.tsx';
import { t, type MessageKey } from '../../i18n/index.ts';
import type { MenuEntry, MenuLink } from './menu.ts';

interface SideMenuProps {
  entries: MenuEntry[];
  open: boolean;
  /** Temporary drawers float over the page and close after a choice (narrow screens). */
  temporary: boolean;
  onNavigate(): void;
  /** Items that carry a warning badge, by path, with the badge's accessible text. */
  warnings?: ReadonlyMap<string, MessageKey>;
}

function MenuItem({
  item,
  warning,
  onNavigate,
}: {
  item: MenuLink;
  warning?: MessageKey;
  onNavigate(): void;
}) {
  // The badge describes the link without renaming it: the link is still found by its label alone.
  const warningId = `menu-warning-${item.to.replace(/^\//, '').replace(/\W+/g, '-')}`;
  return (
    <NavLink
      to={item.to}
      end={item.to === '/'}
      className="side-menu__link"
      onClick={onNavigate}
      aria-describedby={warning ? warningId : undefined}
    >
      <span className="side-menu__label">{t(item.labelKey)}</span>
      {warning && (
        <span
          id={warningId}
          className="side-menu__warning"
          aria-hidden="true"
          title={t(warning)}
          data-testid={warningId}
        >
          <AlertTriangleIcon size={14} />
          <span className="visually-hidden">{t(warning)}</span>
        </span>
      )}
    </NavLink>
  );
}

export function SideMenu({ entries, open, temporary, onNavigate, warnings }: SideMenuProps) {
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
            <MenuItem key={entry.to} item={entry} warning={warnings?.get(entry.to)} onNavigate={onNavigate} />
          ) : (
            <Flex key={entry.labelKey} direction="column" gap="xxxs" marginTop="small">
              <Divider size="small" />
              <Text as="span" className="side-menu__group-label">
                {t(entry.labelKey)}
              </Text>
              {entry.items.map((item) => (
                <MenuItem
                  key={item.to}
                  item={item}
                  warning={warnings?.get(item.to)}
                  onNavigate={onNavigate}
                />
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
