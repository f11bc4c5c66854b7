import type { QuickMessage } from '@atende/shared/entities/quick-message';

export type { QuickMessage };

/** GET /quick-messages: one page of the quick replies. */
export interface QuickMessagesPage {
  records: QuickMessage[];
  count?: number;
  hasMore: boolean;
}

/** POST /quick-messages and PUT /quick-messages/{id}; media goes through media-upload afterwards. */
export interface QuickMessagePayload {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}
