/** An announcement as GET /announcements answers it (extended §3). */
export interface Announcement {
  id: number;
  title: string;
  text: string;
  /** 1 Alta, 2 Média, 3 Baixa. */
  priority: number;
  status: boolean;
  /** Whether it has an image; `mediaPath` is its short-lived URL (null in live events). */
  isMedia?: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt?: string;
  updatedAt?: string;
}

/** GET /announcements: one page. */
export interface AnnouncementsPage {
  records: Announcement[];
  count?: number;
  hasMore: boolean;
}

/** POST /announcements and PUT /announcements/{id}; the image goes through media-upload afterwards. */
export interface AnnouncementPayload {
  title: string;
  text: string;
  priority: number;
  status: boolean;
}
