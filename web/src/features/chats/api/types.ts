/** extended §3 Chat, as the /chats routes answer it. */
export interface ChatUser {
  userId: number;
  /** The viewer's own count on the viewer's entry; others show 0. */
  unreads: number;
  user?: { id: number; name: string };
}

export interface Chat {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  users: ChatUser[];
  lastMessage: string;
  updatedAt: string;
}

export interface ChatMessage {
  id: number;
  chatId: number;
  senderId: number;
  sender?: { id?: number; name: string };
  message: string;
  createdAt: string;
}

export interface ChatsPage {
  records: Chat[];
  hasMore: boolean;
}

export interface ChatMessagesPage {
  records: ChatMessage[];
  hasMore: boolean;
}

/** POST and PUT /chats: the dialog's title and chosen users. */
export interface ChatPayload {
  title: string;
  users: { id: number; name: string }[];
}
