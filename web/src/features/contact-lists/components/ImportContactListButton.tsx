import { useRef, useState } from 'react';
import { Button, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { UploadIcon } from '../../../components/icons/feature-icons.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useContactList } from '../api/get-contact-lists.ts';
import {
  contactListImportAccept,
  contactListImportMaxBytes,
  useUploadContactList,
} from '../api/upload-contact-list.ts';
import type { ContactList, ContactListImportReport } from '../api/types.ts';
import { importPercent } from '../contact-list-form.ts';

/** Refused rows listed in the report; the rest are counted. */
const shownRefusedRows = 100;

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
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadContactList();
  const [report, setReport] = useState<ContactListImportReport | undefined>(undefined);

  async function send(file: File) {
    if (file.size > contactListImportMaxBytes) {
      toast.error(t('contactLists.import.tooLarge', { size: contactListImportMaxBytes / (1024 * 1024) }));
      return;
    }
    try {
      setReport(await upload.mutateAsync({ id: contactList.id, file }));
    } catch (error) {
      toastError(error);
    }
  }

  const label = t('contactLists.import.choose', { name: contactList.name });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={contactListImportAccept}
        hidden
        aria-label={label}
        data-testid={`contact-list-import-file-${contactList.id}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file can be picked again after fixing it.
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      <Button
        size="small"
        gap="xs"
        variation={compact ? 'link' : undefined}
        className={compact ? 'icon-button' : undefined}
        title={label}
        ariaLabel={label}
        isLoading={upload.isPending}
        onClick={() => input.current?.click()}
      >
        <UploadIcon size={18} />
        {!compact && t('contactLists.import')}
      </Button>
      {report && <ImportReportDialog report={report} onClose={() => setReport(undefined)} />}
    </>
  );
}

function ImportReportDialog({ report, onClose }: { report: ContactListImportReport; onClose(): void }) {
  const list = useContactList(report.contactList.id).data ?? report.contactList;
  const progress = list.import?.id === report.importId ? list.import : report.contactList.import;
  const percent = progress ? importPercent(progress) : 100;
  const done = progress?.status === 'done';
  const rows: [string, number, string][] = [
    [t('contactLists.import.total'), report.total, 'total'],
    [t('contactLists.import.accepted'), report.accepted, 'accepted'],
    [t('contactLists.import.mergedInFile'), report.merged.length, 'merged'],
    [t('contactLists.import.refused'), report.refused.length, 'refused'],
  ];
  return (
    <Modal
      open
      title={t('contactLists.import.title', { name: list.name })}
      onClose={onClose}
      footer={
        <Button variation="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <Flex direction="column" gap="small" data-testid="contact-list-import-report">
        {rows.map(([text, value, key]) => (
          <Flex key={key} justifyContent="space-between">
            <Text>{text}</Text>
            <Text fontWeight="bold" data-testid={`contact-list-import-${key}`}>
              {value}
            </Text>
          </Flex>
        ))}
        <progress
          className="contact-list-progress"
          max={100}
          value={percent}
          aria-label={t('contactLists.import.running', { percent })}
          data-testid="contact-list-import-progress"
          data-percent={percent}
        />
        <Text fontSize="small" data-testid="contact-list-import-status">
          {done && progress
            ? t('contactLists.import.done', { created: progress.created, merged: progress.merged })
            : progress?.status === 'failed'
              ? t('contactLists.import.failed', { done: progress.done, total: progress.total })
              : t('contactLists.import.progress', {
                  done: progress?.done ?? 0,
                  total: progress?.total ?? report.accepted,
                })}
        </Text>
        {report.refused.length > 0 && (
          <Table size="small" className="data-table" data-testid="contact-list-import-refused">
            <TableHead>
              <TableRow>
                <TableCell as="th">{t('contactLists.import.line')}</TableCell>
                <TableCell as="th">{t('contactLists.import.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.refused.slice(0, shownRefusedRows).map((issue) => (
                <TableRow key={`${issue.line}-${issue.reason}`}>
                  <TableCell>{issue.line}</TableCell>
                  <TableCell>{issue.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {report.refused.length > shownRefusedRows && (
          <Text color="font.tertiary" fontSize="small">
            {t('contactLists.import.more', { count: report.refused.length - shownRefusedRows })}
          </Text>
        )}
        <Text color="font.tertiary" fontSize="small">
          {t('contactLists.import.format')}
        </Text>
        <Text color="font.tertiary" fontSize="small">
          {t('contactLists.import.checkHint')}
        </Text>
      </Flex>
    </Modal>
  );
}
