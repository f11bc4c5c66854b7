import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  SearchField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { t, type MessageKey } from '../i18n/index.ts';
import { applyRecordEventToLists, type RecordLiveEvent } from '../lib/live-records.ts';
import { isNearBottom } from '../lib/scroll.ts';
import { toast } from '../lib/toast.ts';
import { toastError } from '../lib/toast-error.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { useLiveEvent } from '../lib/use-live-event.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { EditIcon, PlusIcon, TrashIcon } from './icons/feature-icons.tsx';

/*
 * The list screens' kit (users, contacts, connections, queues, tags, quick messages, the to-do
 * list): the page frame, the scrolling card, the table, the row buttons, the search box's state
 * and the delete confirmation. One module on purpose: the screens load it as one chunk, and the
 * entry's preload map names one file instead of one per piece.
 */

// The search box and the paged rows.

/** A list screen's search box: what is typed, and setting it. */
export interface ListSearch {
  value: string;
  onChange(value: string): void;
}

/** The search box's state and the term the list query filters by: trimmed, after 500 ms (core §9). */
export function useListSearch(): ListSearch & { term: string } {
  const [value, onChange] = useState('');
  const term = useDebouncedValue(value.trim());
  return { value, onChange, term };
}

/** The rows of every loaded page of a paged list, in order; `field` names each page's array. */
export function usePageRows<F extends string, T>(
  data: { pages: readonly { [K in F]: T[] }[] } | undefined,
  field: F,
): T[] {
  return useMemo(() => data?.pages.flatMap((page) => page[field]) ?? [], [data, field]);
}

/**
 * core §4, extended §4: a paged list's live event merges into every loaded list under `listsKey`
 * by id (a new record joins only the unfiltered lists); `then` runs after, for what else follows.
 */
export function useLiveRecordLists<T extends { id: number | string }>(
  event: string,
  parse: (data: unknown) => RecordLiveEvent<T> | undefined,
  listsKey: QueryKey,
  field: string,
  then?: (event: RecordLiveEvent<T>) => void,
): void {
  const queryClient = useQueryClient();
  useLiveEvent(event, (data) => {
    const parsed = parse(data);
    if (!parsed) return;
    applyRecordEventToLists(queryClient, listsKey, field, parsed);
    then?.(parsed);
  });
}

// The page, its card and its table.

interface ListPageProps {
  title: string;
  /** Beside the title (a count); given at all, even `false`, the title and it share a row. */
  titleAside?: ReactNode;
  /** The search box; the list filters by its debounced value. */
  search?: ListSearch & { placeholder: string };
  /** Buttons between the search box and the add button. */
  tools?: ReactNode;
  /** The add button's label; the button shows only with `onAdd`. */
  addLabel: string;
  onAdd?(): void;
  /** The list card, then the screen's dialogs. */
  children: ReactNode;
}

/**
 * The frame of a list screen (users, contacts, connections, queues, tags, quick messages): a
 * header with the title, the search box, the screen's tools and the add button, then the list.
 */
export function ListPage({ title, titleAside, search, tools, addLabel, onAdd, children }: ListPageProps) {
  const heading = <Heading level={3}>{title}</Heading>;
  const add = onAdd && (
    <Button variation="primary" size="small" gap="xs" onClick={onAdd}>
      <PlusIcon size={18} />
      {addLabel}
    </Button>
  );
  return (
    <Flex direction="column" gap="medium" padding={{ base: 'medium', large: 'large' }} className="screen">
      <Flex
        className="screen__header"
        alignItems="center"
        justifyContent="space-between"
        wrap="wrap"
        gap="small"
      >
        {titleAside !== undefined ? (
          <Flex alignItems="baseline" gap="small">
            {heading}
            {titleAside}
          </Flex>
        ) : (
          heading
        )}
        {search || tools ? (
          <Flex gap="small" alignItems="center" wrap="wrap" className="screen__tools">
            {search && (
              <SearchField
                label={t('common.search')}
                labelHidden
                placeholder={search.placeholder}
                value={search.value}
                onChange={(event) => search.onChange(event.target.value)}
                onClear={() => search.onChange('')}
                size="small"
                hasSearchButton={false}
                hasSearchIcon
                className="screen__search"
              />
            )}
            {tools}
            {add}
          </Flex>
        ) : (
          add
        )}
      </Flex>
      {children}
    </Flex>
  );
}

/** What a list card needs of its query; a paged (infinite) query also loads more on scroll. */
interface ListQuery {
  isLoading: boolean;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?(): Promise<unknown>;
}

interface ListCardProps {
  testId: string;
  query: ListQuery;
  isEmpty: boolean;
  /** What an empty list says: a text, or a whole element. */
  empty: ReactNode;
  /** The table. */
  children: ReactNode;
}

/**
 * The scrolling card around a list's table, with the loader and the empty state. A paged query's
 * next page loads when the card is scrolled within 100 px of its end (core §9).
 */
export function ListCard({ testId, query, isEmpty, empty, children }: ListCardProps) {
  const { isLoading, hasNextPage, isFetchingNextPage = false, fetchNextPage } = query;
  return (
    <Card
      variation="outlined"
      padding="0"
      className="list-card"
      onScroll={
        fetchNextPage &&
        ((event) => {
          if (hasNextPage && !isFetchingNextPage && isNearBottom(event.currentTarget)) void fetchNextPage();
        })
      }
      data-testid={testId}
    >
      {children}
      {(isLoading || isFetchingNextPage) && (
        <Flex justifyContent="center" padding="medium">
          <Loader size="large" />
        </Flex>
      )}
      {!isLoading &&
        isEmpty &&
        (typeof empty === 'string' ? (
          <Text textAlign="center" padding="large" color="font.tertiary">
            {empty}
          </Text>
        ) : (
          empty
        ))}
    </Card>
  );
}

/** A column heading; `false` leaves the column out (one the viewer may not see). */
export type ListColumn = { label: ReactNode; className?: string } | false;

interface ListTableProps {
  columns: readonly ListColumn[];
  /** Adds the Acciones column (RowActions cells). */
  actions?: boolean;
  /** Classes beside `data-table`. */
  className?: string;
  /** The rows. */
  children: ReactNode;
}

/** A list's table: the column headings, the actions column last, then the rows. */
export function ListTable({ columns, actions = true, className, children }: ListTableProps) {
  return (
    <Table highlightOnHover size="small" className={className ? `data-table ${className}` : 'data-table'}>
      <TableHead>
        <TableRow>
          {columns.map(
            (column, index) =>
              column && (
                <TableCell key={index} as="th" className={column.className}>
                  {column.label}
                </TableCell>
              ),
          )}
          {actions && (
            <TableCell as="th" className="data-table__actions">
              {t('common.actions')}
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

/** A row's name cell: the name in bold and, on narrow screens where its column hides, a detail under it. */
export function NameCell({ name, detail }: { name: string; detail: ReactNode }) {
  return (
    <TableCell>
      <Text as="span" fontWeight="semibold">
        {name}
      </Text>
      <Text as="span" className="data-table__narrow-only" fontSize="small" color="font.secondary">
        {detail}
      </Text>
    </TableCell>
  );
}

// The row buttons.

interface RowButtonProps {
  /** The button's accessible name, naming the row ("Editar etiqueta X"). */
  label: string;
  onClick(): void;
}

const rowButtons = {
  edit: { className: 'icon-button', title: 'common.edit', Icon: EditIcon },
  delete: { className: 'icon-button icon-button--danger', title: 'common.delete', Icon: TrashIcon },
} as const;

function RowButton({ kind, label, onClick }: RowButtonProps & { kind: keyof typeof rowButtons }) {
  const { className, title, Icon } = rowButtons[kind];
  return (
    <Button
      variation="link"
      size="small"
      className={className}
      ariaLabel={label}
      title={t(title)}
      onClick={onClick}
    >
      <Icon size={18} />
    </Button>
  );
}

/** A row's pencil button. */
export const EditButton = (props: RowButtonProps) => <RowButton kind="edit" {...props} />;

/** A row's bin button (red on hover). */
export const DeleteButton = (props: RowButtonProps) => <RowButton kind="delete" {...props} />;

interface RowActionsProps {
  editLabel: string;
  onEdit(): void;
  deleteLabel: string;
  /** Without it there is no delete button (the viewer may not delete). */
  onDelete?(): void;
  /** Buttons before the edit button. */
  children?: ReactNode;
}

/** A list row's last cell: its own buttons, then edit and delete. */
export function RowActions({ editLabel, onEdit, deleteLabel, onDelete, children }: RowActionsProps) {
  return (
    <TableCell className="data-table__actions">
      {children}
      <EditButton label={editLabel} onClick={onEdit} />
      {onDelete && <DeleteButton label={deleteLabel} onClick={onDelete} />}
    </TableCell>
  );
}

// The delete confirmation.

interface DeleteMutation {
  mutateAsync(id: number): Promise<unknown>;
  isPending: boolean;
}

interface DeleteConfirmOptions<T> {
  /** The toast once deleted. */
  deleted: MessageKey;
  /** The dialog's title, naming the record. */
  title(record: T): string;
}

/**
 * A row's deletion behind the product's confirm question (extended §8): `ask(record)` opens the
 * dialog; confirming deletes it, toasts `deleted` (or the error) and closes the dialog.
 */
export function useDeleteConfirm<T extends { id: number }>(
  mutation: DeleteMutation,
  { deleted, title }: DeleteConfirmOptions<T>,
): { ask(record: T): void; dialog: ReactNode } {
  const [toDelete, setToDelete] = useState<T | undefined>(undefined);

  async function confirm() {
    if (!toDelete) return;
    try {
      await mutation.mutateAsync(toDelete.id);
      toast.success(t(deleted));
    } catch (error) {
      toastError(error);
    } finally {
      setToDelete(undefined);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={toDelete !== undefined}
      title={toDelete ? title(toDelete) : undefined}
      isLoading={mutation.isPending}
      onConfirm={() => void confirm()}
      onClose={() => setToDelete(undefined)}
    />
  );
  return { ask: setToDelete, dialog };
}
