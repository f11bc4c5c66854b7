import type { FormEvent, ReactNode } from 'react';
import { Button, Card, Flex, Heading, Loader, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { t } from '../i18n/index.ts';
import { EditIcon, TrashIcon } from './icons/feature-icons.tsx';
import { IconButton } from './IconButton.tsx';

interface ManagerFormProps {
  title: string;
  editing: boolean;
  saving: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  onClear(): void;
  onDelete?(): void;
  children: ReactNode;
  testId?: string;
}

/** The form half of the super-admin managers (companies, plans, help videos). */
export function ManagerForm({ title, editing, saving, onSubmit, onClear, onDelete, children, testId }: ManagerFormProps) {
  return (
    <Card variation="outlined" className="panel">
      <Flex as="form" direction="column" gap="medium" onSubmit={onSubmit} noValidate data-testid={testId}>
        <Heading level={5}>{title}</Heading>
        {children}
        <Flex justifyContent="flex-end" gap="small" wrap="wrap">
          <Button onClick={onClear}>{t('common.clear')}</Button>
          {editing && onDelete && (
            <Button variation="destructive" onClick={onDelete}>
              {t('common.delete')}
            </Button>
          )}
          <Button type="submit" variation="primary" isLoading={saving} loadingText={t('common.saving')}>
            {t('common.save')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

export interface ManagerColumn<T> {
  header: string;
  cell(row: T): ReactNode;
}

interface ManagerTableProps<T extends { id: number }> {
  title: string;
  rows: readonly T[] | undefined;
  isLoading: boolean;
  columns: readonly ManagerColumn<T>[];
  selectedId?: number;
  onEdit(row: NoInfer<T>): void;
  onDelete(row: NoInfer<T>): void;
  rowLabel(row: T): string;
}

/** The table half: one row per record, with edit and delete. */
export function ManagerTable<T extends { id: number }>({
  title,
  rows,
  isLoading,
  columns,
  selectedId,
  onEdit,
  onDelete,
  rowLabel,
}: ManagerTableProps<T>) {
  return (
    <Card variation="outlined" padding="0" className="panel panel--table">
      <Heading level={5} padding="medium">
        {title}
      </Heading>
      <div className="table-scroll">
        <Table highlightOnHover size="small" className="data-table">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell as="th" key={column.header}>
                  {column.header}
                </TableCell>
              ))}
              <TableCell as="th" className="data-table__actions">
                {t('common.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((row) => (
              <TableRow key={row.id} className={row.id === selectedId ? 'data-table__row--selected' : undefined}>
                {columns.map((column) => (
                  <TableCell key={column.header}>{column.cell(row)}</TableCell>
                ))}
                <TableCell className="data-table__actions">
                  <IconButton
                    label={`${t('common.edit')}: ${rowLabel(row)}`}
                    title={t('common.edit')}
                    onClick={() => onEdit(row)}
                  >
                    <EditIcon size={18} />
                  </IconButton>
                  <IconButton
                    label={`${t('common.delete')}: ${rowLabel(row)}`}
                    title={t('common.delete')}
                    danger
                    onClick={() => onDelete(row)}
                  >
                    <TrashIcon size={18} />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {isLoading && (
        <Flex justifyContent="center" padding="medium">
          <Loader size="large" />
        </Flex>
      )}
      {!isLoading && (rows ?? []).length === 0 && (
        <Text textAlign="center" padding="large" color="font.tertiary">
          {t('common.noRecords')}
        </Text>
      )}
    </Card>
  );
}
