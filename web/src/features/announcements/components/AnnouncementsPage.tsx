import { Badge, TableCell, Text } from '@aws-amplify/ui-react';
import { PaperclipIcon } from '../../../components/icons/feature-icons.tsx';
import {
  NameText,
  RecordListPage,
  useSearchedList,
  useLiveRecordLists,
} from '../../../components/ListPage.tsx';
import { t } from '../../../i18n/index.ts';
import { announcementsQueryKeys } from '../api/announcements-query-keys.ts';
import { useDeleteAnnouncement } from '../api/delete-announcement.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import { parseAnnouncementEvent, priorityTone } from '../announcement-form.ts';
import { priorityTextKey } from '../priority-tone.ts';
import '../announcements.css';
import { AnnouncementModal } from './AnnouncementModal.tsx';

/** extended §2.7 (super users): search, infinite scroll, the dialog and deletion; live by id. */
export function AnnouncementsPage() {
  const list = useSearchedList(useAnnouncements, 'records');
  const deletion = useDeleteAnnouncement();
  useLiveRecordLists('announcement', parseAnnouncementEvent, announcementsQueryKeys.lists(), 'records');

  return (
    <RecordListPage
      texts="announcements"
      count={list.query.data?.pages[0]?.count}
      {...list}
      columns={['title', 'priority', ['media', 'wide'], 'status']}
      rowAttributes={(record) => ({ 'data-announcement-id': record.id })}
      cells={(record) => (
        <>
          <TableCell>
            <NameText name={record.title} />
          </TableCell>
          <TableCell>
            <span className={`announcement-priority announcement-priority--${priorityTone(record.priority)}`}>
              {t(priorityTextKey(record.priority))}
            </span>
          </TableCell>
          <TableCell className="data-table__wide-only">
            {record.mediaName ? (
              <span className="announcement__media">
                <PaperclipIcon size={14} />
                {record.mediaName}
              </span>
            ) : (
              <Text as="span" color="font.tertiary" fontSize="small">
                {t('announcements.noMedia')}
              </Text>
            )}
          </TableCell>
          <TableCell>
            <Badge size="small" variation={record.status === false ? undefined : 'success'}>
              {record.status === false ? t('announcements.inactive') : t('announcements.active')}
            </Badge>
          </TableCell>
        </>
      )}
      editLabel={(record) => t('announcements.editRecord', { title: record.title })}
      deleteLabel={(record) => t('announcements.deleteRecord', { title: record.title })}
      remove={{ mutation: deletion }}
      dialog={(record, close) => <AnnouncementModal record={record} onClose={close} />}
    />
  );
}
