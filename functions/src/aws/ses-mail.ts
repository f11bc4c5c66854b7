import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { MailPort } from '#ports/mail';
import { requireEnv } from './env.ts';

const client = new SESv2Client({});

/** Sends through SES from the verified address in MAIL_FROM. */
export const sesMail: MailPort = {
  async send({ to, subject, text }) {
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: requireEnv('MAIL_FROM'),
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: subject, Charset: 'UTF-8' }, Body: { Text: { Data: text, Charset: 'UTF-8' } } } },
      }),
    );
  },
};
