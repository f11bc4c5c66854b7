/** The ticket and message shapes the API answers (core §3; the lead's /tickets contract). */
import type { ChatMenu } from '@atende/shared/entities/chat-menu';

export type TicketStatus = 'open' | 'pending' | 'closed';

export interface TicketContact {
  id: number;
  name: string;
  number: string;
  profilePicUrl: string | null;
  isGroup?: boolean;
}

export interface Ticket {
  id: number;
  uuid: string;
  status: TicketStatus;
  contactId: number;
  contact?: TicketContact | null;
  whatsappId: number | null;
  whatsapp?: { id: number; name: string } | null;
  queueId: number | null;
  queue?: { id: number; name: string; color: string } | null;
  userId: number | null;
  user?: { id: number; name: string } | null;
  lastMessage?: string | null;
  lastMessageAt?: string | null;
  /** A search result's matched message text (an older message too); only in search answers. */
  searchMatch?: string;
  unreadMessages?: number;
  isGroup?: boolean;
  chatbot?: boolean;
  tags?: { id: number; name: string; color?: string }[];
  createdAt?: string;
  updatedAt: string;
}

export interface TicketsPage {
  tickets: Ticket[];
  count?: number;
  hasMore: boolean;
}

export type MediaType = 'image' | 'audio' | 'video' | 'application' | 'locationMessage' | 'vcard' | 'call_log';

export interface Message {
  id: string;
  ticketId: number;
  body: string;
  fromMe: boolean;
  mediaType?: MediaType | null;
  mediaUrl?: string | null;
  /** The message has a stored medium (its URL may be absent: live events carry none). */
  hasMedia?: boolean;
  /** The stored type, decided by the server from the file's bytes. */
  mimetype?: string | null;
  mediaName?: string | null;
  /** Bytes, for the file card (absent on older messages). */
  mediaSize?: number | null;
  ack: number;
  isDeleted?: boolean;
  isEdited?: boolean;
  /** When the current text was written by an edit. */
  editedAt?: string | null;
  /** The texts edits replaced, oldest first, each with when it was written. */
  editHistory?: { body: string; at: string }[];
  quotedMsgId?: string | null;
  error?: string | null;
  userId?: number | null;
  /** Sent through the external message API (POST /api/messages/send). */
  fromApi?: boolean;
  /** A chatbot menu sent as a WhatsApp list or buttons (the body holds it as numbered text too). */
  menu?: ChatMenu | null;
  createdAt: string;
  updatedAt?: string;
}

export interface MessagesPage {
  messages: Message[];
  hasMore: boolean;
}

/** PUT /tickets/{id}. */
export interface TicketUpdate {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
}

/** The ticket list a tab shows: its status, the show-all setting and the queue filter. */
export interface TicketListFilter {
  status: TicketStatus;
  showAll: boolean;
  queueIds: number[];
}
