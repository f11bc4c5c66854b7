import { localBindings } from './local-bindings.ts';

/** A plain-text e-mail to one person (password-reset codes). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailPort {
  send(message: MailMessage): Promise<void>;
}

/** SES in AWS; the local runtime's outbox (files under .data/outbox) on a laptop. */
export async function sendMail(message: MailMessage): Promise<void> {
  const local = localBindings()?.mail;
  if (local) return local.send(message);
  const { sesMail } = await import('#aws/ses-mail');
  return sesMail.send(message);
}
