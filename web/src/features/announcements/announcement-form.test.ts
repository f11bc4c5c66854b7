import { describe, expect, it } from 'vitest';
import { announcementCreateInputSchema } from '@atende/shared/entities/announcement';
import { validateForm } from '../../lib/form-validation.ts';
import {
  announcementFormOf,
  announcementImageAccept,
  emptyAnnouncementForm,
  isAnnouncementImageName,
  parseAnnouncementEvent,
  priorityTone,
  type AnnouncementFormValues,
} from './announcement-form.ts';
import { priorityTextKey } from './priority-tone.ts';

const checkAnnouncementForm = (values: AnnouncementFormValues) =>
  validateForm(announcementCreateInputSchema, values);

describe('the announcement dialog', () => {
  it('starts active with priority 3 (Baja) and requires title and text (Requerido)', () => {
    expect(emptyAnnouncementForm()).toEqual({ title: '', text: '', priority: '3', status: 'true' });
    const checked = checkAnnouncementForm(emptyAnnouncementForm());
    expect(checked).toEqual({ ok: false, errors: { title: 'Requerido', text: 'Requerido' } });
  });

  it('sends priority as a number and status as a boolean', () => {
    const values = { ...announcementFormOf({ title: ' Aviso ', text: 'Hola', priority: 1, status: false }) };
    expect(values).toEqual({ title: ' Aviso ', text: 'Hola', priority: '1', status: 'false' });
    expect(checkAnnouncementForm(values)).toEqual({
      ok: true,
      data: { title: 'Aviso', text: 'Hola', priority: 1, status: false },
    });
  });

  it('attaches only .png, .jpg and .jpeg', () => {
    expect(announcementImageAccept).toBe('.png,.jpg,.jpeg');
    expect(['a.PNG', 'foto.jpg', 'x.y.jpeg'].map(isAnnouncementImageName)).toEqual([true, true, true]);
    expect(['a.gif', 'png', 'nota.txt', 'a.png.exe'].map(isAnnouncementImageName)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('announcement priorities and live events', () => {
  it('colours 1 red, 2 orange, 3 grey', () => {
    expect([1, 2, 3, undefined].map(priorityTone)).toEqual(['red', 'orange', 'grey', 'grey']);
    expect([1, 2, 3, 7].map(priorityTextKey)).toEqual([
      'announcements.priority.1',
      'announcements.priority.2',
      'announcements.priority.3',
      'announcements.priority.3',
    ]);
  });

  it('reads the server event shapes', () => {
    expect(parseAnnouncementEvent({ action: 'create', record: { id: 4, title: 'x' } })).toEqual({
      action: 'create',
      record: { id: 4, title: 'x' },
    });
    expect(parseAnnouncementEvent({ action: 'delete', id: 4 })).toEqual({ action: 'delete', id: 4 });
    expect(parseAnnouncementEvent({ action: 'update' })).toBeUndefined();
  });
});
