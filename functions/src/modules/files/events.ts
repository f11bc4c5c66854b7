import type { FileListRecord } from '#data/file-lists';
import { adminsOnly } from '#domain/live-audience';
import type { EventRule } from '../../live/live-event.ts';
import { publicFileList } from './serialize.ts';

/**
 * `file` events (extended §4 Live updates): a file list created, changed (an uploaded file
 * too) or deleted. File lists are an administration screen, so only the company's admins hear them.
 */
export const fileListEventRule: EventRule = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  if (change.kind === 'delete') {
    return [
      { companyId, event: 'file', data: { action: 'delete', fileListId: item.id }, audience: adminsOnly },
    ];
  }
  return [
    {
      companyId,
      event: 'file',
      data: { action: change.kind, fileList: publicFileList(change.newItem as FileListRecord) },
      audience: adminsOnly,
    },
  ];
};
