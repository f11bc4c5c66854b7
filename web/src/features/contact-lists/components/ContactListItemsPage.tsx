import { Link as RouterLink, useParams } from 'react-router-dom';
import { Flex, TableCell, Text } from '@aws-amplify/ui-react';
import { RecordListPage, useListSearch, usePageRows } from '../../../components/ListPage.tsx';
import { t, tCount } from '../../../i18n/index.ts';
import { useDeleteContactListItem } from '../api/delete-contact-list-item.ts';
import { useContactListItems } from '../api/get-contact-list-items.ts';
import { useContactList } from '../api/get-contact-lists.ts';
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
  const deletion = useDeleteContactListItem(contactListId);
  useContactListsLive();
  useContactListItemsLive(contactListId);

  return (
    <RecordListPage
      texts="contactListItems"
      title={t('contactListItems.titleOf', { name: list.data?.name ?? '' })}
      titleAside={
        list.data ? (
          <Text color="font.secondary" data-testid="contact-list-items-count">
            {tCount('contactListItems.count', list.data.contactsCount)}
          </Text>
        ) : (
          false
        )
      }
      search={search}
      placeholder={t('contactLists.searchPlaceholder')}
      tools={
        <Flex gap="small" alignItems="center">
          <RouterLink to="/contact-lists" className="amplify-link">
            {t('contactLists.back')}
          </RouterLink>
          {list.data && <ImportContactListButton contactList={list.data} />}
        </Flex>
      }
      testId="contact-list-items"
      query={items}
      rows={usePageRows(items.data, 'contacts')}
      columns={['name', 'number', 'email', 'whatsapp']}
      rowAttributes={(item) => ({
        'data-item-number': item.number,
        'data-whatsapp': whatsappValidityOf(item),
      })}
      cells={(item) => (
        <>
          <TableCell>{item.name}</TableCell>
          <TableCell>{item.number}</TableCell>
          <TableCell>{item.email}</TableCell>
          <TableCell className={`contact-list-items__validity--${whatsappValidityOf(item)}`}>
            {t(validityText[whatsappValidityOf(item)])}
          </TableCell>
        </>
      )}
      editLabel={(item) => t('contactListItems.edit', { name: item.name })}
      deleteLabel={(item) => t('contactListItems.delete', { name: item.name })}
      remove={{ mutation: deletion }}
      dialog={(item, close) => (
        <ContactListItemModal contactListId={contactListId} item={item} onClose={close} />
      )}
    />
  );
}
