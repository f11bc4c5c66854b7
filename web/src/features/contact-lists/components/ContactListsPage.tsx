import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Flex, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import {
  ListCard,
  ListPage,
  ListTable,
  RowActions,
  useDeleteConfirm,
  useListSearch,
  usePageRows,
} from '../../../components/ListPage.tsx';
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
  const search = useListSearch();
  const lists = useContactLists(search.term);
  const rows = usePageRows(lists.data, 'records');
  const [modal, setModal] = useState<{ contactList?: ContactList } | undefined>(undefined);
  const removal = useDeleteConfirm<ContactList>(useDeleteContactList(), {
    deleted: 'contactLists.deleted',
    title: (list) => t('contactLists.delete', { name: list.name }),
  });
  useContactListsLive();

  return (
    <ListPage
      title={t('contactLists.title')}
      search={{ ...search, placeholder: t('contactLists.searchPlaceholder') }}
      addLabel={t('contactLists.add')}
      onAdd={() => setModal({})}
    >
      <ListCard
        testId="contact-lists-list"
        query={lists}
        isEmpty={rows.length === 0}
        empty={search.term ? t('common.noRecords') : t('contactLists.empty')}
      >
        <ListTable
          columns={[
            { label: t('contactLists.columns.name') },
            { label: t('contactLists.columns.contacts') },
            { label: t('contactLists.columns.import') },
          ]}
        >
          {rows.map((list) => (
            <TableRow key={list.id} data-contact-list-name={list.name}>
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
              <RowActions
                editLabel={t('contactLists.edit', { name: list.name })}
                onEdit={() => setModal({ contactList: list })}
                deleteLabel={t('contactLists.delete', { name: list.name })}
                onDelete={() => removal.ask(list)}
              >
                <ImportContactListButton contactList={list} compact />
              </RowActions>
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
      {modal && <ContactListModal contactList={modal.contactList} onClose={() => setModal(undefined)} />}
      {removal.dialog}
    </ListPage>
  );
}
