import { Link as RouterLink } from 'react-router-dom';
import { Flex, TableCell, Text } from '@aws-amplify/ui-react';
import { RecordListPage, useSearchedList } from '../../../components/ListPage.tsx';
import { t } from '../../../i18n/index.ts';
import { useDeleteContactList } from '../api/delete-contact-list.ts';
import { useContactLists } from '../api/get-contact-lists.ts';
import type { ContactList } from '../api/types.ts';
import { importPercent } from '../contact-list-form.ts';
import '../contact-lists.css';
import { useContactListsLive } from '../use-contact-lists-live.ts';
import { ContactListModal } from './ContactListModal.tsx';
import { ImportContactListButton } from './ImportContactListButton.tsx';

/** A running import's bar in its row; nothing once it is done. */
function ImportCell({ contactList }: { contactList: ContactList }) {
  const progress = contactList.import;
  if (!progress || progress.status !== 'running') return <TableCell />;
  const percent = importPercent(progress);
  return (
    <TableCell>
      <Flex direction="column" gap="xxs">
        <progress className="contact-list-progress contact-list-progress--row" max={100} value={percent} />
        <Text fontSize="small" color="font.secondary">
          {t('contactLists.import.running', { percent })}
        </Text>
      </Flex>
    </TableCell>
  );
}

/** extended §2.6: the contact lists (name, contactsCount; add, edit, delete, upload file). */
export function ContactListsPage() {
  const list = useSearchedList(useContactLists, 'records');
  const deletion = useDeleteContactList();
  useContactListsLive();

  return (
    <RecordListPage
      texts="contactLists"
      {...list}
      columns={['name', 'contacts', 'import']}
      rowAttributes={(list) => ({ 'data-contact-list-name': list.name })}
      cells={(list) => (
        <>
          <TableCell>
            <RouterLink
              to={`/contact-lists/${list.id}/contacts`}
              aria-label={t('contactLists.open', { name: list.name })}
              className="amplify-link"
            >
              {list.name}
            </RouterLink>
          </TableCell>
          <TableCell data-testid="contact-list-count">{list.contactsCount}</TableCell>
          <ImportCell contactList={list} />
        </>
      )}
      rowTools={(list) => <ImportContactListButton contactList={list} compact />}
      editLabel={(list) => t('contactLists.edit', { name: list.name })}
      deleteLabel={(list) => t('contactLists.delete', { name: list.name })}
      remove={{ mutation: deletion }}
      dialog={(list, close) => <ContactListModal contactList={list} onClose={close} />}
    />
  );
}
