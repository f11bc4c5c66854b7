/** A plain-text e-mail to one person (password-reset codes). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: SES in AWS (aws/ses-mail.ts); the local runtime's outbox (files under .data/outbox). */
export interface MailPort {
  send(message: MailMessage): Promise<void>;
}
