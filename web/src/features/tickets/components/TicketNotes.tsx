import { useMemo, useState, type FormEvent } from 'react';
import { Button, Loader, TextAreaField } from '@aws-amplify/ui-react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { NoteIcon, TrashIcon } from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import {
  useAddTicketNote,
  useDeleteTicketNote,
  useTicketNotes,
  type TicketNote,
} from '../api/ticket-notes.ts';
import { checkNoteForm, sortNotes } from '../note-form.ts';
import { IconButton } from '../../../components/IconButton.tsx';

interface TicketNotesProps {
  ticketId: number;
  contactId: number;
}

/**
 * core §2: the ticket's notes in the contact drawer: add one (at least 2 characters), the list with
 * author and date, and deletion after the confirm question.
 */
export function TicketNotes({ ticketId, contactId }: TicketNotesProps) {
  const notes = useTicketNotes(ticketId, contactId);
  const addNote = useAddTicketNote();
  const deleteNote = useDeleteTicketNote();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [toDelete, setToDelete] = useState<TicketNote | undefined>(undefined);
  const list = useMemo(() => sortNotes(notes.data ?? []), [notes.data]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkNoteForm(text, ticketId, contactId);
    if (!checked.ok) {
      setError(checked.errors.note ?? Object.values(checked.errors)[0]);
      return;
    }
    try {
      await addNote.mutateAsync(checked.data);
      setText('');
      toast.success(t('tickets.notes.added'));
    } catch (failure) {
      toastError(failure);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteNote.mutateAsync(toDelete.id);
      toast.success(t('tickets.notes.deleted'));
    } catch (failure) {
      toastError(failure);
    } finally {
      setToDelete(undefined);
    }
  }

  return (
    <section className="ticket-notes" aria-label={t('tickets.notes.title')} data-testid="ticket-notes">
      <h3 className="contact-drawer__section-title">
        <NoteIcon size={16} />
        {t('tickets.notes.title')}
      </h3>
      <form className="ticket-notes__form" noValidate onSubmit={(event) => void submit(event)}>
        <TextAreaField
          label={t('tickets.notes.label')}
          labelHidden
          placeholder={t('tickets.notes.placeholder')}
          rows={3}
          size="small"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          hasError={!!error}
          errorMessage={error}
        />
        <Button
          type="submit"
          size="small"
          variation="primary"
          isLoading={addNote.isPending}
          isDisabled={!text.trim()}
        >
          {t('tickets.notes.add')}
        </Button>
      </form>
      {notes.isLoading ? (
        <div className="ticket-notes__info">
          <Loader size="small" />
        </div>
      ) : list.length === 0 ? (
        <p className="ticket-notes__info">{t('tickets.notes.empty')}</p>
      ) : (
        <ul className="ticket-notes__list">
          {list.map((note) => (
            <li key={note.id} className="ticket-note" data-note-id={note.id}>
              <p className="ticket-note__text">{note.note}</p>
              <div className="ticket-note__meta">
                <span>
                  {t('tickets.notes.by', {
                    name: note.author === 'bot' ? t('tickets.notes.bot') : (note.user?.name ?? '—'),
                    date: formatDateTime(note.createdAt),
                  })}
                </span>
                <IconButton label={t('tickets.notes.delete')} danger onClick={() => setToDelete(note)}>
                  <TrashIcon size={15} />
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== undefined}
        isLoading={deleteNote.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(undefined)}
      />
    </section>
  );
}
