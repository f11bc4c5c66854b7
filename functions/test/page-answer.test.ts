import { describe, expect, it } from 'vitest';
import { pageAnswer, pageOf } from '#domain/paging';
import { publicAttachment } from '../src/modules/media/public-attachment.ts';

describe('list answers and attachments', () => {
  it('answers a page under its key with the count and whether more follow, in that order', () => {
    const page = pageOf([1, 2, 3, 4, 5], 2, 2);
    const answer = pageAnswer('records', page.items.map(String), page);
    expect(answer).toEqual({ records: ['3', '4'], count: 5, hasMore: true });
    expect(Object.keys(answer)).toEqual(['records', 'count', 'hasMore']);
    expect(pageAnswer('tags', [], pageOf([], 1, 20))).toEqual({ tags: [], count: 0, hasMore: false });
  });

  it('shows an attachment with its signed URL only when there is a file', () => {
    expect(publicAttachment({ mediaKey: 'k', mediaName: 'a.png', mediaMimetype: 'image/png' }, 'https://u')).toEqual({
      isMedia: true,
      mediaPath: 'https://u',
      mediaName: 'a.png',
      mediaType: 'image/png',
    });
    expect(publicAttachment({}, 'https://u')).toEqual({ isMedia: false, mediaPath: null, mediaName: null, mediaType: null });
  });
});
