import { useRef, type ReactNode } from 'react';
import { Button, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { t, type MessageKey } from '../i18n/index.ts';
import { toast } from '../lib/toast.ts';
import { UploadIcon } from './icons/feature-icons.tsx';
import { Modal } from './Modal.tsx';

/*
 * The file imports' pieces (issue #27): the button that picks the file and the report dialog,
 * shared by the contacts import (extended §9) and the contact-list import (extended §2.6).
 */

interface ImportFileButtonProps {
  /** The file input's `accept` and the largest file sent (a larger one is refused here, with `tooLarge`). */
  accept: string;
  maxBytes: number;
  tooLarge(sizeMb: number): string;
  /** The file input's accessible name and the button's tooltip. */
  label: string;
  /** The button's accessible name is `label` too (otherwise its text). */
  namedByLabel?: boolean;
  /** The button's text; a compact (icon) button shows none. */
  text: string;
  compact?: boolean;
  testId: string;
  isLoading: boolean;
  onFile(file: File): void;
}

/** "Importar": picks a file (the same one again after fixing it) and hands it on. */
export function ImportFileButton(props: ImportFileButtonProps) {
  const { compact = false } = props;
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={props.accept}
        hidden
        aria-label={props.label}
        data-testid={props.testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file can be picked again after fixing it.
          event.target.value = '';
          if (!file) return;
          if (file.size > props.maxBytes) toast.error(props.tooLarge(props.maxBytes / (1024 * 1024)));
          else props.onFile(file);
        }}
      />
      <Button
        size="small"
        gap="xs"
        variation={compact ? 'link' : undefined}
        className={compact ? 'icon-button' : undefined}
        title={props.label}
        ariaLabel={props.namedByLabel ? props.label : undefined}
        isLoading={props.isLoading}
        onClick={() => input.current?.click()}
      >
        <UploadIcon size={18} />
        {!compact && props.text}
      </Button>
    </>
  );
}

/** Refused rows listed in a report; the rest are counted. */
const shownRefusedRows = 100;

interface ImportReportDialogProps {
  /**
   * The catalogue prefix of the report's texts: each count's label `<texts>.<key>`, the refused
   * rows' headings `<texts>.line` and `<texts>.reason`, and `<texts>.more` under a long list.
   */
  texts: string;
  title: string;
  /** The report's test id; each count's is `<countsTestId>-<key>`. */
  testId: string;
  countsTestId: string;
  /** The counts, in order, by their key. */
  counts: Readonly<Record<string, number>>;
  /** What follows the counts (a progress bar). */
  children?: ReactNode;
  /** The refused rows with their line and reason. */
  refused: readonly { line: number; reason: string }[];
  refusedTestId?: string;
  /** The notes under it all (the file's format). */
  notes: readonly string[];
  onClose(): void;
}

/** What an import did: its counts, the refused rows (the first 100) and the file's format. */
export function ImportReportDialog(props: ImportReportDialogProps) {
  const { refused, onClose } = props;
  const text = (key: string, vars?: { count: number }) => t(`${props.texts}.${key}` as MessageKey, vars);
  return (
    <Modal
      open
      title={props.title}
      onClose={onClose}
      footer={
        <Button variation="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <Flex direction="column" gap="small" data-testid={props.testId}>
        {Object.entries(props.counts).map(([key, value]) => (
          <Flex key={key} justifyContent="space-between">
            <Text>{text(key)}</Text>
            <Text fontWeight="bold" data-testid={`${props.countsTestId}-${key}`}>
              {value}
            </Text>
          </Flex>
        ))}
        {props.children}
        {refused.length > 0 && (
          <Table size="small" className="data-table" data-testid={props.refusedTestId}>
            <TableHead>
              <TableRow>
                <TableCell as="th">{text('line')}</TableCell>
                <TableCell as="th">{text('reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {refused.slice(0, shownRefusedRows).map((issue) => (
                <TableRow key={`${issue.line}-${issue.reason}`}>
                  <TableCell>{issue.line}</TableCell>
                  <TableCell>{issue.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {refused.length > shownRefusedRows && (
          <Text color="font.tertiary" fontSize="small">
            {text('more', { count: refused.length - shownRefusedRows })}
          </Text>
        )}
        {props.notes.map((note) => (
          <Text key={note} color="font.tertiary" fontSize="small">
            {note}
          </Text>
        ))}
      </Flex>
    </Modal>
  );
}
