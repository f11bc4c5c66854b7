import { useState } from 'react';
import { Text } from '@aws-amplify/ui-react';
import { ImportFileButton, ImportReportDialog } from '../../../components/ImportReport.tsx';
import { t } from '../../../i18n/index.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useContactList } from '../api/get-contact-lists.ts';
import {
  contactListImportAccept,
  contactListImportMaxBytes,
  useUploadContactList,
} from '../api/upload-contact-list.ts';
import type { ContactList, ContactListImportReport } from '../api/types.ts';
import { importPercent } from '../contact-list-form.ts';

/**
 * extended §2.6 "upload file": picks an .xlsx/.xls/.csv, uploads it and shows the report (rows
 * read, accepted, merged, refused with their row and reason) with the import's live progress:
 * the list's own record, kept current by its `ContactList` events (ContactListsLive).
 */
export function ImportContactListButton({
  contactList,
  compact = false,
}: {
  contactList: ContactList;
  compact?: boolean;
}) {
  const upload = useUploadContactList();
  const [report, setReport] = useState<ContactListImportReport | undefined>(undefined);

  async function send(file: File) {
    try {
      setReport(await upload.mutateAsync({ id: contactList.id, file }));
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <>
      <ImportFileButton
        accept={contactListImportAccept}
        maxBytes={contactListImportMaxBytes}
        tooLarge={(size) => t('contactLists.import.tooLarge', { size })}
        label={t('contactLists.import.choose', { name: contactList.name })}
        namedByLabel
        text={t('contactLists.import')}
        compact={compact}
        testId={`contact-list-import-file-${contactList.id}`}
        isLoading={upload.isPending}
        onFile={(file) => void send(file)}
      />
      {report && <ContactListImportReportDialog report={report} onClose={() => setReport(undefined)} />}
    </>
  );
}

function ContactListImportReportDialog({
  report,
  onClose,
}: {
  report: ContactListImportReport;
  onClose(): void;
}) {
  const list = useContactList(report.contactList.id).data ?? report.contactList;
  const progress = list.import?.id === report.importId ? list.import : report.contactList.import;
  const percent = progress ? importPercent(progress) : 100;
  return (
    <ImportReportDialog
      texts="contactLists.import"
      title={t('contactLists.import.title', { name: list.name })}
      testId="contact-list-import-report"
      countsTestId="contact-list-import"
      counts={{
        total: report.total,
        accepted: report.accepted,
        mergedInFile: report.merged.length,
        refused: report.refused.length,
      }}
      refused={report.refused}
      refusedTestId="contact-list-import-refused"
      notes={[t('contactLists.import.format'), t('contactLists.import.checkHint')]}
      onClose={onClose}
    >
      <progress
        className="contact-list-progress"
        max={100}
        value={percent}
        aria-label={t('contactLists.import.running', { percent })}
        data-testid="contact-list-import-progress"
        data-percent={percent}
      />
      <Text fontSize="small" data-testid="contact-list-import-status">
        {progress?.status === 'done'
          ? t('contactLists.import.done', { created: progress.created, merged: progress.merged })
          : progress?.status === 'failed'
            ? t('contactLists.import.failed', { done: progress.done, total: progress.total })
            : t('contactLists.import.progress', {
                done: progress?.done ?? 0,
                total: progress?.total ?? report.accepted,
              })}
      </Text>
    </ImportReportDialog>
  );
}
