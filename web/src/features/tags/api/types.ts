import type { Tag, TagRef } from '@atende/shared/entities/tag';

export type { Tag, TagRef };

/** GET /tags: one page of tags with how many tickets carry each. */
export interface TagsPage {
  tags: Tag[];
  count?: number;
  hasMore: boolean;
}

/** POST /tags and PUT /tags/{id}; kanban is stored as 0/1. */
export interface TagPayload {
  name: string;
  color: string;
  kanban: 0 | 1;
}
