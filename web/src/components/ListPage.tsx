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
import { t, tCount, type CountKey, type MessageKey } from '../i18n/index.ts';
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
 * and the delete confirmation, and `RecordListPage`, which puts them together for the screens of
 * records with an edit dialog and deletion. One module on purpose: the screens load it as one
 * chunk, and the entry's preload map names one file instead of one per piece.
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
 * A searched, paged list (core §9): the search box's state, the query `useRecords(term, ...args)`
 * and the rows of its loaded pages under `field`: what `RecordListPage` takes as `search`, `query`
 * and `rows`.
 */
export function useSearchedList<
  F extends string,
  Q extends { data?: { pages: readonly { [K in F]: readonly unknown[] }[] } },
  A extends unknown[],
>(
  useRecords: (term: string, ...args: A) => Q,
  field: F,
  ...args: A
): { search: ListSearch & { term: string }; query: Q; rows: PageRow<Q, F>[] } {
  const search = useListSearch();
  const query = useRecords(search.term, ...args);
  const rows = useMemo(
    () => (query.data?.pages.flatMap((page) => page[field]) ?? []) as PageRow<Q, F>[],
    [query.data, field],
  );
  return { search, query, rows };
}

/** The row type of a paged query's pages under `field`. */
type PageRow<Q, F extends string> = Q extends { data?: { pages: readonly (infer P)[] } }
  ? P extends { [K in F]: readonly (infer T)[] }
    ? T
    : never
  : never;

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

/** A row's name, in bold. */
export function NameText({ name }: { name: string }) {
  return (
    <Text as="span" fontWeight="semibold">
      {name}
    </Text>
  );
}

/** A row's name cell: the name in bold and, on narrow screens where its column hides, a detail under it. */
export function NameCell({ name, detail }: { name: string; detail: ReactNode }) {
  return (
    <TableCell>
      <NameText name={name} />
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

// The whole screen of records: the page, the table, the row buttons, the dialog and deletion.

/** The catalogue prefixes whose keys end in `.<S>`. */
type KeysEnding<S extends string> = {
  [K in MessageKey]: K extends `${infer N}.${S}` ? N : never;
}[MessageKey];

/**
 * A list screen's catalogue prefix: it has `<prefix>.add` and `.deleted`, and may have `.title`,
 * `.empty`, `.searchPlaceholder` and a counted `.count`, which the screen then need not name.
 */
export type ListTexts = KeysEnding<'add'> & KeysEnding<'deleted'>;

/** `title` and `empty` are needed only where the catalogue has no `<texts>.title`, `<texts>.empty`. */
type TextProps<N extends string> = (`${N}.title` extends MessageKey
  ? { title?: string }
  : { title: string }) &
  /** What an empty list says, instead of `<texts>.empty`: a text, or a whole element. */
  (`${N}.empty` extends MessageKey ? { empty?: ReactNode } : { empty: ReactNode });

/** The column names of a list screen: the keys under `<texts>.columns.`. */
type ColumnName<N extends string> = {
  [K in MessageKey]: K extends `${N}.columns.${infer C}` ? C : never;
}[MessageKey];

/**
 * A list screen's column: its name (heading `<texts>.columns.<name>`), or the name and the
 * heading's class (`wide`: shown on wide screens only); or a heading of its own.
 */
export type RecordColumn<N extends string> = ColumnName<N> | readonly [ColumnName<N>, string] | ListColumn;

const columnClasses: Record<string, string> = { wide: 'data-table__wide-only' };

type AnyColumn = string | readonly [string, string] | ListColumn;

const isNamed = (column: AnyColumn): column is string | readonly [string, string] =>
  typeof column === 'string' || Array.isArray(column);

function columnOf(texts: string, column: AnyColumn): ListColumn {
  if (!isNamed(column)) return column;
  const [name, className] = typeof column === 'string' ? [column] : column;
  const label = t(`${texts}.columns.${name}` as MessageKey);
  return className ? { label, className: columnClasses[className] ?? className } : { label };
}

const noDeletion: DeleteMutation = { mutateAsync: () => Promise.resolve(), isPending: false };

/** The row's attributes: the `data-*` the browser tests find rows by. */
type RowAttributes = { [data: `data-${string}`]: string | number | undefined };

type RecordListPageProps<T extends { id: number }, N extends ListTexts> = TextProps<N> & {
  /** The catalogue prefix of the screen's texts; also, in kebab case, its test ids (`<prefix>-list`). */
  texts: N;
  /** The list card's test id, instead of `<texts>-list`. */
  testId?: string;
  /** Beside the title; `count` puts the list's count there (`<texts>.count`). */
  titleAside?: ReactNode;
  count?: `${N}.count` extends CountKey ? number | undefined : never;
  /** The search box (placeholder `<texts>.searchPlaceholder`); a search that finds nothing says common.noRecords. */
  search?: ListSearch & { term: string };
  placeholder?: string;
  tools?: ReactNode;
  /** False: the viewer only reads (no add button, no row buttons). */
  mayManage?: boolean;
  /** Whether the add button shows, when it differs from `mayManage`. */
  mayAdd?: boolean;
  query: ListQuery;
  rows: readonly T[];
  columns: readonly RecordColumn<N>[];
  tableClassName?: string;
  rowAttributes(record: T): RowAttributes;
  /** The row's cells before its buttons. */
  cells(record: T): ReactNode;
  /** The pencil's and the bin's accessible names; the bin's is also the confirm question. */
  editLabel(record: T): string;
  deleteLabel(record: T): string;
  /** The deletion (toasting `<texts>.deleted`); without it, or where `mayDelete` says no, no bin. */
  remove?: { mutation: DeleteMutation; mayDelete?(record: T): boolean };
  /** False for a row the viewer may not change: its buttons' cell stays empty. */
  mayChange?(record: T): boolean;
  /** The row's own buttons, before the pencil. */
  rowTools?(record: T): ReactNode;
  /** The add (no record) or edit dialog; `close` closes it. */
  dialog(record: T | undefined, close: () => void): ReactNode;
  /** The screen's other dialogs. */
  children?: ReactNode;
};

const kebab = (prefix: string) => prefix.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * A screen of records (announcements, files, tags, campaigns, users…): the title (with its count),
 * the search box, tools and add button; the card with the table, the loader, the empty state and
 * the next page on scroll; each row's cells and its buttons; the add/edit dialog and the delete
 * confirmation. Its texts come from the catalogue under `texts`.
 */
export function RecordListPage<T extends { id: number }, N extends ListTexts>(
  props: RecordListPageProps<T, N>,
) {
  const { texts, search, mayManage = true, mayAdd = mayManage, remove, mayChange, rowTools } = props;
  const { editLabel, deleteLabel } = props;
  const text = (suffix: string) => t(`${texts}.${suffix}` as MessageKey);
  const [editing, setEditing] = useState<{ record?: T } | undefined>(undefined);
  const removal = useDeleteConfirm<T>(remove?.mutation ?? noDeletion, {
    deleted: `${texts}.deleted` as MessageKey,
    title: deleteLabel,
  });
  const count = props.count;
  return (
    <ListPage
      title={props.title ?? text('title')}
      titleAside={
        count === undefined
          ? props.titleAside
          : typeof count === 'number' && (
              <Text as="span" color="font.tertiary" fontSize="small" data-testid={`${kebab(texts)}-count`}>
                {tCount(`${texts}.count` as CountKey, count)}
              </Text>
            )
      }
      search={search && { ...search, placeholder: props.placeholder ?? text('searchPlaceholder') }}
      tools={props.tools}
      addLabel={text('add')}
      onAdd={mayAdd ? () => setEditing({}) : undefined}
    >
      <ListCard
        testId={props.testId ?? `${kebab(texts)}-list`}
        query={props.query}
        isEmpty={props.rows.length === 0}
        empty={search?.term ? t('common.noRecords') : (props.empty ?? text('empty'))}
      >
        <ListTable
          actions={mayManage}
          className={props.tableClassName}
          columns={props.columns.map((column) => columnOf(texts, column as AnyColumn))}
        >
          {props.rows.map((record) => (
            <TableRow key={record.id} {...props.rowAttributes(record)}>
              {props.cells(record)}
              {mayManage &&
                (mayChange?.(record) === false ? (
                  <TableCell className="data-table__actions" />
                ) : (
                  <RowActions
                    editLabel={editLabel(record)}
                    onEdit={() => setEditing({ record })}
                    deleteLabel={deleteLabel(record)}
                    onDelete={
                      remove && remove.mayDelete?.(record) !== false ? () => removal.ask(record) : undefined
                    }
                  >
                    {rowTools?.(record)}
                  </RowActions>
                ))}
            </TableRow>
          ))}
        </ListTable>
      </ListCard>
      {editing && props.dialog(editing.record, () => setEditing(undefined))}
      {props.children}
      {removal.dialog}
    </ListPage>
  );
}
