/** An import's progress as the list carries it (rows written so far out of those accepted). */
export interface ContactListImport {
  id: string;
  status: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  created: number;
  merged: number;
  refused: number;
}

export interface ContactList {
  id: number;
  name: string;
  contactsCount: number;
  import: ContactListImport | null;
}

export interface ContactListsPage {
  records: ContactList[];
  count?: number;
  hasMore: boolean;
}

export interface ContactListItem {
  id: number;
  name: string;
  number: string;
  email: string;
  /** null until a connected connection has checked the number. */
  isWhatsappValid: boolean | null;
  contactListId: number;
}

export interface ContactListItemsPage {
  contacts: ContactListItem[];
  count?: number;
  hasMore: boolean;
}

export interface ContactListPayload {
  name: string;
}

export interface ContactListItemPayload {
  name: string;
  number: string;
  email: string;
}

/** POST /contact-lists/{id}/upload: what the file held; the rows are then written in the background. */
export interface ContactListImportReport {
  importId: string;
  contactList: ContactList;
  total: number;
  accepted: number;
  refused: { line: number; reason: string }[];
  merged: { line: number; into: number }[];
}
