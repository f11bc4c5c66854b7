import { useMemo, useRef, useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { defaultTagColour, limits } from '@atende/shared/constants';
import { CloseIcon, PlusIcon, TagIcon } from '../../../components/icons/feature-icons.tsx';
import { ColourChip } from '../../../components/FormDialog.tsx';
import { useDismiss } from '../../../components/use-dismiss.ts';
import { t } from '../../../i18n/index.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useTagOptions } from '../../tags/api/get-tags.ts';
import { useSaveTag } from '../../tags/api/save-tag.ts';
import { useSyncTicketTags } from '../../tags/api/sync-tags.ts';
// The tag styles travel in one chunk with the tags API both screens share.
import '../../tags/tags.css';
import type { Ticket } from '../api/types.ts';
import { availableTags, sameTagIds, type TicketTag } from '../ticket-tags.ts';

interface TicketTagsEditorProps {
  ticket: Ticket;
  /** The ticket's tags after a save, for its cached detail. */
  onChange(tags: TicketTag[]): void;
}

/**
 * core §2: the tag editor under the chat header, a multi-select of GET /tags/list saved through
 * POST /tags/sync with the whole set. A name not found can be created on the spot (POST /tags).
 */
export function TicketTagsEditor({ ticket, onChange }: TicketTagsEditorProps) {
  const serverTags = useMemo(() => ticket.tags ?? [], [ticket.tags]);
  const [selected, setSelected] = useState<TicketTag[]>(serverTags);
  const [seen, setSeen] = useState(serverTags);
  if (seen !== serverTags && !sameTagIds(seen, serverTags)) {
    setSeen(serverTags);
    setSelected(serverTags);
  }
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const options = useTagOptions(open || serverTags.length > 0);
  const sync = useSyncTicketTags();
  const saveTag = useSaveTag();
  const rootRef = useRef<HTMLDivElement>(null);

  useDismiss(open, setOpen, rootRef);

  // Colours of the tags as the company's list has them now (a ticket's copy may be older).
  const colourOf = useMemo(
    () => new Map((options.data ?? []).map((tag) => [tag.id, tag.color])),
    [options.data],
  );
  const candidates = useMemo(
    () => availableTags(options.data ?? [], selected, search),
    [options.data, selected, search],
  );
  const wanted = search.trim();
  const canCreate =
    wanted.length >= limits.tagNameMin &&
    !(options.data ?? []).some((tag) => tag.name.toLocaleLowerCase() === wanted.toLocaleLowerCase());

  async function save(next: TicketTag[]) {
    const previous = selected;
    setSelected(next);
    try {
      const saved = await sync.mutateAsync({ ticketId: ticket.id, tagIds: next.map((tag) => tag.id) });
      const tags = saved ?? next;
      setSelected(tags);
      onChange(tags);
    } catch (error) {
      setSelected(previous);
      toastError(error);
    }
  }

  async function create() {
    try {
      const tag = await saveTag.mutateAsync({
        payload: { name: wanted, color: defaultTagColour, kanban: 0 },
      });
      setSearch('');
      setOpen(false);
      if (tag && typeof tag.id === 'number')
        await save([...selected, { id: tag.id, name: tag.name, color: tag.color }]);
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <div
      className="ticket-tags"
      ref={rootRef}
      data-testid="ticket-tags"
      // Focus leaving the editor (to the input, say) closes the panel, as a click outside does.
      onBlur={(event) => {
        if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <span className="ticket-tags__label" title={t('tickets.tags.label')}>
        <TagIcon size={15} />
        <span className="visually-hidden">{t('tickets.tags.label')}</span>
      </span>
      <ul className="ticket-tags__chips" aria-label={t('tickets.tags.label')}>
        {selected.length === 0 && <li className="ticket-tags__none">{t('tickets.tags.none')}</li>}
        {selected.map((tag) => {
          const colour = colourOf.get(tag.id) ?? tag.color ?? defaultTagColour;
          return (
            <ColourChip key={tag.id} as="li" colour={colour} className="ticket-tags__chip">
              <span>{tag.name}</span>
              <button
                type="button"
                className="ticket-tags__remove"
                aria-label={t('tickets.tags.remove', { name: tag.name })}
                disabled={sync.isPending}
                onClick={() => void save(selected.filter((other) => other.id !== tag.id))}
              >
                <CloseIcon size={12} />
              </button>
            </ColourChip>
          );
        })}
      </ul>
      <Button
        size="small"
        variation="link"
        gap="xxs"
        className="ticket-tags__add"
        aria-expanded={open}
        title={t('tickets.tags.addTitle')}
        isDisabled={sync.isPending}
        onClick={() => setOpen((value) => !value)}
      >
        <PlusIcon size={14} />
        {t('tickets.tags.add')}
      </Button>
      {open && (
        <div className="ticket-tags__panel" role="dialog" aria-label={t('tickets.tags.addTitle')}>
          <input
            className="ticket-tags__search"
            type="search"
            autoFocus
            placeholder={t('tickets.tags.search')}
            aria-label={t('tickets.tags.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <ul className="ticket-tags__options" role="listbox" aria-label={t('tickets.tags.label')}>
            {candidates.map((tag) => (
              <li key={tag.id} role="option" aria-selected={false}>
                <button
                  type="button"
                  onClick={() => {
                    setSearch('');
                    setOpen(false);
                    void save([...selected, { id: tag.id, name: tag.name, color: tag.color }]);
                  }}
                >
                  <span className="queue-dot" style={{ backgroundColor: tag.color }} aria-hidden="true" />
                  {tag.name}
                </button>
              </li>
            ))}
            {candidates.length === 0 && !canCreate && (
              <li className="ticket-tags__info">{t('tickets.tags.noneAvailable')}</li>
            )}
            {canCreate && (
              <li role="option" aria-selected={false}>
                <button
                  type="button"
                  className="ticket-tags__create"
                  disabled={saveTag.isPending}
                  onClick={() => void create()}
                >
                  <PlusIcon size={14} />
                  {t('tickets.tags.create', { name: wanted })}
                </button>
              </li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
