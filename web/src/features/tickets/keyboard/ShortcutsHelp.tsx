import { Fragment } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { Modal } from '../../../components/Modal.tsx';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { comboKeys, shortcutText } from './shortcut-labels.ts';
import { shortcutGroups, shortcuts } from './shortcuts.ts';
import './shortcuts-help.css';

/** The `?` dialog: every shortcut of the table, by group. */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal
      open={open}
      title={t('keyboard.help.title')}
      onClose={onClose}
      size="medium"
      footer={
        <Button variation="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <p className="shortcuts-help__intro">{t('keyboard.help.intro')}</p>
      <div className="shortcuts-help" data-testid="shortcuts-help">
        {shortcutGroups.map((group) => (
          <section key={group} className="shortcuts-help__group">
            <h3>{t(`keyboard.group.${group}` as MessageKey)}</h3>
            <dl>
              {shortcuts
                .filter((shortcut) => shortcut.group === group)
                .map((shortcut) => (
                  <div key={shortcut.id} className="shortcuts-help__row" data-shortcut={shortcut.id}>
                    <dt>{shortcutText(shortcut)}</dt>
                    <dd>
                      {shortcut.keys.map((combo, index) => (
                        <Fragment key={index}>
                          {index > 0 && <span className="shortcuts-help__or"> {t('keyboard.help.or')} </span>}
                          {comboKeys(combo).map((key, at) => (
                            <Fragment key={at}>
                              {at > 0 && '+'}
                              <kbd>{key}</kbd>
                            </Fragment>
                          ))}
                        </Fragment>
                      ))}
                    </dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
