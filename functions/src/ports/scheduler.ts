/**
 * Port for one-time timers (ticket transfer, inactivity, rating wait, scheduled messages).
 * In AWS each timer is an EventBridge Scheduler one-time schedule that delivers `body` to a
 * queue; the local runtime installs an adapter that keeps timers in the table and fires those
 * that fell due while it was stopped. Scheduling the same name again moves the timer.
 */
export interface OneTimeSchedule {
  /** Unique per timer, e.g. `c12-ticket-88-inactivity`; [0-9a-zA-Z-_.] and at most 64 characters. */
  name: string;
  at: Date;
  /** Logical queue name from the manifest. */
  queueName: string;
  body: string;
}

export interface SchedulerPort {
  schedule(timer: OneTimeSchedule): Promise<void>;
  cancel(name: string): Promise<void>;
}
