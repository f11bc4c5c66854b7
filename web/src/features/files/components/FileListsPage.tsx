import { useState } from 'react';
import { TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import {
  ListCard,
  ListPage,
  ListTable,
  RowActions,
  useDeleteConfirm,
  useListSearch,
  useLiveRecordLists,
  usePageRows,
} from '../../../components/ListPage.tsx';
import { t, tCount } from '../../../i18n/index.ts';
import { useDeleteFileList } from '../api/delete-file-list.ts';
import { fileListsQueryKeys } from '../api/file-lists-query-keys.ts';
import { useFileLists } from '../api/get-file-lists.ts';
import type { FileList } from '../api/types.ts';
import { parseFileListEvent } from '../file-list-form.ts';
import '../files.css';
import { FileListModal } from './FileListModal.tsx';

/** extended §2.10 (admins): title with count, search, infinite scroll, the dialog and deletion; live by id. */
export function FileListsPage() {
  const search = useListSearch();
  const records = useFileLists(search.term);
  const rows = usePageRows(records.data, 'files');
  const count = records.data?.pages[0]?.count;
  const [modal, setModal] = useState<{ id?: number } | undefined>(undefined);
  const removal = useDeleteConfirm<FileList>(useDeleteFileList(), {
    deleted: 'files.deleted',
    title: (record) => t('files.deleteRecord', { name: record.name }),
  });

  useLiveRecordLists('file', parseFileListEvent, fileListsQueryKeys.lists(), 'files');

  return (
    <ListPage
      title={t('files.title')}
      titleAside={
        typeof count === 'number' && (
          <Text as="span" color="font.tertiary" fontSize="small" data-testid="files-count">
            {tCount('files.count', count)}
          </Text>
        )
      }
      search={{ ...search, placeholder: t('files.searchPlaceholder') }}
      addLabel={t('files.add')}
      onAdd={() => setModal({})}
    >
      <ListCard
        testId="files-list"
        query={records}
        isEmpty={rows.length === 0}
        empty={search.term ? t('common.noRecords') : t('files.empty')}
      >
        <ListTable
          columns={[
            { label: t('files.columns.name') },
            { label: t('files.columns.options'), className: 'data-table__wide-only' },
          ]}
        >
          {rows.map((record) => (
            <TableRow key={record.id} data-name={record.name}>
              <TableCell>
                <Text as="span" fontWeight="semibold">
                  {record.name}
                </Text>
              </TableCell>
              <TableCell className="data-table__wide-only">
                {tCount('files.optionsCount', record.options.length)}
              </TableCell>
              <RowActions
                editLabel={t('files.editRecord', { name: record.name })}
                onEdit={() => setModal({ id: record.id })}
                deleteLabel={t('files.deleteRecord', { name: record.name })}
                onDelete={() => removal.ask(record)}
              />
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
      {modal && <FileListModal id={modal.id} onClose={() => setModal(undefined)} />}
      {removal.dialog}
    </ListPage>
  );
}
