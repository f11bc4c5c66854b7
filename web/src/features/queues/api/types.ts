import type { WeekHours } from '@atende/shared/entities/weekday-hours';

/** A queue as GET /queue and GET /queue/{id} answer it (extended §3). */
export interface Queue {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  integrationId: number | null;
  promptId: number | null;
  schedules: WeekHours;
  createdAt?: string;
  updatedAt?: string;
}

/** What POST /queue and PUT /queue/{id} take. */
export interface QueuePayload {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  schedules: WeekHours;
  /** The queue integration that answers first (null: none). */
  integrationId?: number | null;
  /** The AI prompt that answers first (null: none). */
  promptId?: number | null;
}

/** One node of a queue's option tree as GET /queue-options answers it. */
export interface QueueOption {
  id: number;
  title: string;
  message: string;
  /** The number the contact types. */
  option: string;
  queueId: number;
  parentId: number | null;
  children?: QueueOption[];
}
