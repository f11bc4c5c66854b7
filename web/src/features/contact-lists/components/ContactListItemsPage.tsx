import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
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
import { t, tCount } from '../../../i18n/index.ts';
import { useDeleteContactListItem } from '../api/delete-contact-list-item.ts';
import { useContactListItems } from '../api/get-contact-list-items.ts';
import { useContactList } from '../api/get-contact-lists.ts';
import type { ContactListItem } from '../api/types.ts';
import { whatsappValidityOf } from '../contact-list-form.ts';
import '../contact-lists.css';
import { useContactListItemsLive, useContactListsLive } from '../use-contact-lists-live.ts';
import { ContactListItemModal } from './ContactListItemModal.tsx';
import { ImportContactListButton } from './ImportContactListButton.tsx';

const validityText = {
  valid: 'contactListItems.valid',
  invalid: 'contactListItems.invalid',
  unchecked: 'contactListItems.unchecked',
} as const;

/** extended §2.6: one list's items at /contact-lists/{contactListId}/contacts, with their WhatsApp check. */
export function ContactListItemsPage() {
  const contactListId = Number(useParams().contactListId);
  const list = useContactList(contactListId);
  const search = useListSearch();
  const items = useContactListItems(contactListId, search.term);
  const rows = usePageRows(items.data, 'contacts');
  const [modal, setModal] = useState<{ item?: ContactListItem } | undefined>(undefined);
  const removal = useDeleteConfirm<ContactListItem>(useDeleteContactListItem(contactListId), {
    deleted: 'contactListItems.deleted',
    title: (item) => t('contactListItems.delete', { name: item.name }),
  });
  useContactListsLive();
  useContactListItemsLive(contactListId);

  const name = list.data?.name ?? '';
  return (
    <ListPage
      title={t('contactListItems.titleOf', { name })}
      titleAside={
        list.data ? (
          <Text color="font.secondary" data-testid="contact-list-items-count">
            {tCount('contactListItems.count', list.data.contactsCount)}
          </Text>
        ) : (
          false
        )
      }
      search={{ ...search, placeholder: t('contactLists.searchPlaceholder') }}
      tools={
        <Flex gap="small" alignItems="center">
          <RouterLink to="/contact-lists" className="amplify-link">
            {t('contactLists.back')}
          </RouterLink>
          {list.data && <ImportContactListButton contactList={list.data} />}
        </Flex>
      }
      addLabel={t('contactListItems.add')}
      onAdd={() => setModal({})}
    >
      <ListCard
        testId="contact-list-items"
        query={items}
        isEmpty={rows.length === 0}
        empty={search.term ? t('common.noRecords') : t('contactListItems.empty')}
      >
        <ListTable
          columns={[
            { label: t('contactListItems.columns.name') },
            { label: t('contactListItems.columns.number') },
            { label: t('contactListItems.columns.email') },
            { label: t('contactListItems.columns.whatsapp') },
          ]}
        >
          {rows.map((item) => {
            const validity = whatsappValidityOf(item);
            return (
              <TableRow key={item.id} data-item-number={item.number} data-whatsapp={validity}>
                <TableCell>{item.name}</TableCell>
                <TableCell>{item.number}</TableCell>
                <TableCell>{item.email}</TableCell>
                <TableCell className={`contact-list-items__validity--${validity}`}>
                  {t(validityText[validity])}
                </TableCell>
                <RowActions
                  editLabel={t('contactListItems.edit', { name: item.name })}
                  onEdit={() => setModal({ item })}
                  deleteLabel={t('contactListItems.delete', { name: item.name })}
                  onDelete={() => removal.ask(item)}
                />
              </TableRow>
            );
          })}
        </ListTable>
      </ListCard>
      {modal && (
        <ContactListItemModal
          contactListId={contactListId}
          item={modal.item}
          onClose={() => setModal(undefined)}
        />
      )}
      {removal.dialog}
    </ListPage>
  );
}
