import { useRef, useState } from 'react';
import { Button, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { contactImportLimits } from '@atende/shared/entities/contact';
import { UploadIcon } from '../../../components/icons/feature-icons.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useImportContacts, type ContactImportResult } from '../api/import-contacts.ts';

/** Invalid rows shown in the result; the rest are counted. */
const shownInvalidRows = 100;

/**
 * extended §9: "Importar" on the contacts screen. Picks a CSV (the export's format), uploads it
 * to POST /contacts/import and shows what happened: created, skipped (number already there) and
 * the invalid rows with their line.
 */
export function ImportContactsButton() {
  const input = useRef<HTMLInputElement>(null);
  const importContacts = useImportContacts();
  const [result, setResult] = useState<ContactImportResult | undefined>(undefined);

  async function upload(file: File) {
    if (file.size > contactImportLimits.maxBytes) {
      toast.error(t('contacts.import.tooLarge', { size: contactImportLimits.maxBytes / (1024 * 1024) }));
      return;
    }
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
      <input
        ref={input}
        type="file"
        accept={contactImportLimits.accept}
        hidden
        aria-label={t('contacts.import.choose')}
        data-testid="contacts-import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file can be picked again after fixing it.
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Button
        size="small"
        gap="xs"
        title={t('contacts.import.choose')}
        isLoading={importContacts.isPending}
        onClick={() => input.current?.click()}
      >
        <UploadIcon size={18} />
        {t('contacts.import')}
      </Button>
      {result && (
        <Modal
          open
          title={t('contacts.import.title')}
          onClose={() => setResult(undefined)}
          footer={
            <Button variation="primary" onClick={() => setResult(undefined)}>
              {t('common.close')}
            </Button>
          }
        >
          <Flex direction="column" gap="small" data-testid="contacts-import-result">
            <Flex justifyContent="space-between">
              <Text>{t('contacts.import.created')}</Text>
              <Text fontWeight="bold" data-testid="contacts-import-created">
                {result.created}
              </Text>
            </Flex>
            <Flex justifyContent="space-between">
              <Text>{t('contacts.import.skipped')}</Text>
              <Text fontWeight="bold" data-testid="contacts-import-skipped">
                {result.skipped}
              </Text>
            </Flex>
            <Flex justifyContent="space-between">
              <Text>{t('contacts.import.invalid')}</Text>
              <Text fontWeight="bold" data-testid="contacts-import-invalid">
                {result.invalid.length}
              </Text>
            </Flex>
            {result.invalid.length > 0 && (
              <Table size="small" className="data-table">
                <TableHead>
                  <TableRow>
                    <TableCell as="th">{t('contacts.import.line')}</TableCell>
                    <TableCell as="th">{t('contacts.import.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.invalid.slice(0, shownInvalidRows).map((issue) => (
                    <TableRow key={`${issue.line}-${issue.reason}`}>
                      <TableCell>{issue.line}</TableCell>
                      <TableCell>{issue.reason}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {result.invalid.length > shownInvalidRows && (
              <Text color="font.tertiary" fontSize="small">
                {t('contacts.import.more', { count: result.invalid.length - shownInvalidRows })}
              </Text>
            )}
            <Text color="font.tertiary" fontSize="small">
              {t('contacts.import.format')}
            </Text>
          </Flex>
        </Modal>
      )}
    </>
  );
}
