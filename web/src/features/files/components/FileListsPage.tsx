import { TableCell } from '@aws-amplify/ui-react';
import {
  NameText,
  RecordListPage,
  useSearchedList,
  useLiveRecordLists,
} from '../../../components/ListPage.tsx';
import { t, tCount } from '../../../i18n/index.ts';
import { useDeleteFileList } from '../api/delete-file-list.ts';
import { fileListsQueryKeys } from '../api/file-lists-query-keys.ts';
import { useFileLists } from '../api/get-file-lists.ts';
import { parseFileListEvent } from '../file-list-form.ts';
import '../files.css';
import { FileListModal } from './FileListModal.tsx';

/** extended §2.10 (admins): title with count, search, infinite scroll, the dialog and deletion; live by id. */
export function FileListsPage() {
  const list = useSearchedList(useFileLists, 'files');
  const deletion = useDeleteFileList();
  useLiveRecordLists('file', parseFileListEvent, fileListsQueryKeys.lists(), 'files');

  return (
    <RecordListPage
      texts="files"
      count={list.query.data?.pages[0]?.count}
      {...list}
      columns={['name', ['options', 'wide']]}
      rowAttributes={(record) => ({ 'data-name': record.name })}
      cells={(record) => (
        <>
          <TableCell>
            <NameText name={record.name} />
          </TableCell>
          <TableCell className="data-table__wide-only">
            {tCount('files.optionsCount', record.options.length)}
          </TableCell>
        </>
      )}
      editLabel={(record) => t('files.editRecord', { name: record.name })}
      deleteLabel={(record) => t('files.deleteRecord', { name: record.name })}
      remove={{ mutation: deletion }}
      dialog={(record, close) => <FileListModal id={record?.id} onClose={close} />}
    />
  );
}
