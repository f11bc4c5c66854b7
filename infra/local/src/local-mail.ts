import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage, MailPort } from '../../../functions/src/ports/mail.ts';
import type { Logger } from './log.ts';

/**
 * The local stand-in for SES: each e-mail becomes a text file in <dataDir>/outbox, named by
 * time and recipient, and a line on the console says where it is.
 */
export function createLocalMail(dataDir: string, log: Logger): MailPort & { directory: string } {
  const directory = join(dataDir, 'outbox');
  return {
    directory,
    async send(message: MailMessage) {
      await mkdir(directory, { recursive: true });
      const safeRecipient = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeRecipient}.txt`);
      await writeFile(file, `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`, 'utf8');
      log.info(`mail to ${message.to}: "${message.subject}" (${file})`);
    },
  };
}
