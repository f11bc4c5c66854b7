import { useState } from 'react';
import { contactImportLimits } from '@atende/shared/entities/contact';
import { ImportFileButton, ImportReportDialog } from '../../../components/ImportReport.tsx';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useImportContacts, type ContactImportResult } from '../api/import-contacts.ts';

/**
 * extended §9: "Importar" on the contacts screen. Picks a CSV (the export's format), uploads it
 * to POST /contacts/import and shows what happened: created, skipped (number already there) and
 * the invalid rows with their line.
 */
export function ImportContactsButton() {
  const importContacts = useImportContacts();
  const [result, setResult] = useState<ContactImportResult | undefined>(undefined);

  async function upload(file: File) {
    try {
      const answer = await importContacts.mutateAsync(file);
      setResult(answer);
      toast.success(
        t('contacts.import.done', {
          created: answer.created,
          skipped: answer.skipped,
          invalid: answer.invalid.length,
        }),
      );
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <>
      <ImportFileButton
        accept={contactImportLimits.accept}
        maxBytes={contactImportLimits.maxBytes}
        tooLarge={(size) => t('contacts.import.tooLarge', { size })}
        label={t('contacts.import.choose')}
        text={t('contacts.import')}
        testId="contacts-import-file"
        isLoading={importContacts.isPending}
        onFile={(file) => void upload(file)}
      />
      {result && (
        <ImportReportDialog
          texts="contacts.import"
          title={t('contacts.import.title')}
          testId="contacts-import-result"
          countsTestId="contacts-import"
          counts={{ created: result.created, skipped: result.skipped, invalid: result.invalid.length }}
          refused={result.invalid}
          notes={[t('contacts.import.format')]}
          onClose={() => setResult(undefined)}
        />
      )}
    </>
  );
}
