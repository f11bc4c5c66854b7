import type { ScheduleStatus } from '@atende/shared/entities/schedule';

/** A schedule as GET /schedules answers it (core §3 Schedule). */
export interface Schedule {
  id: number;
  body: string;
  contactId: number;
  contact: { id: number; name: string; number?: string } | null;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  /** The error code of a failed send (status ERRO). */
  errorReason: string | null;
  mediaPath: string | null;
  mediaName: string | null;
  userId: number | null;
  ticketId: number | null;
}

export interface SchedulePayload {
  body: string;
  contactId: number;
  sendAt: string;
}

/** The contact a new schedule is for, when the caller knows it (the chat header, ?contactId=). */
export interface ScheduleContact {
  id: number;
  name?: string;
  number?: string;
}
