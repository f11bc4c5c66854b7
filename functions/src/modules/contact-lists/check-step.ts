import {
  claimWhatsappCheckSlot,
  getContactList,
  listItemsOfContactList,
  setItemWhatsappValidity,
} from '#data/contact-lists';
import { listWhatsapps } from '#data/whatsapps';
import { askConnector } from '#modules/connector-commands/ask';
import type { ContactListWork, ContactListWorkInput } from './work.ts';

/**
 * At most one number checked every 400 ms per connection (2.5 a second), whatever the number of
 * lists being checked: a burst of "is this on WhatsApp?" queries is what gets a number banned.
 */
export const checkSpacingMs = 400;
/** Time kept back at the end of a step for sending the next one. */
const marginMs = 15_000;
/** With no connected connection, look again every 15 minutes (the longest queue delay) for a day. */
const waitSeconds = 900;
export const maxCheckWaits = 96;
/** What the connector accepts as a number to check (connector-command.ts). */
const checkableNumber = /^\d{8,20}$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The connection that answers: the default one when connected, else the first connected one. */
async function connectedWhatsapp(companyId: number) {
  return (await listWhatsapps(companyId))
    .filter((w) => w.status === 'CONNECTED')
    .sort((a, b) => Number(b.isDefault ?? false) - Number(a.isDefault ?? false))[0];
}

/**
 * One step of a list's WhatsApp check: the unchecked items in id order, each through a connected
 * connection at the connection's shared pace, until the step's time is nearly up; then the next
 * step from where it stopped. With no connected connection the items stay unchecked (shown as
 * such) while the step looks again every 15 minutes for a day; an upload or item write starts
 * a new check after that.
 */
export async function runCheckStep(
  work: Extract<ContactListWork, { kind: 'check' }>,
  remainingMs: number,
  send: (work: ContactListWorkInput, delaySeconds?: number) => Promise<void>,
): Promise<void> {
  const deadline = Date.now() + remainingMs - marginMs;
  const { companyId, contactListId } = work;
  if (!(await getContactList(companyId, contactListId))) return;
  const whatsapp = await connectedWhatsapp(companyId);
  if (!whatsapp) {
    if (work.waits < maxCheckWaits) await send({ ...work, waits: work.waits + 1 }, waitSeconds);
    return;
  }
  let cursor = work.cursor;
  do {
    const page = await listItemsOfContactList(companyId, contactListId, cursor, {
      limit: 20,
      onlyUnchecked: true,
    });
    for (const item of page.items) {
      if (Date.now() >= deadline) {
        // Resume at this item: the page's cursor is past it, so start again from the same cursor.
        await send({ ...work, cursor });
        return;
      }
      if (!checkableNumber.test(item.number)) {
        await setItemWhatsappValidity(item, false);
        continue;
      }
      for (let wait = await claimWhatsappCheckSlot(companyId, whatsapp.id, checkSpacingMs); wait > 0;) {
        await sleep(wait);
        wait = await claimWhatsappCheckSlot(companyId, whatsapp.id, checkSpacingMs);
      }
      const reply = await askConnector({
        type: 'checkNumber',
        companyId,
        whatsappId: whatsapp.id,
        number: item.number,
      });
      if (!reply || reply.type !== 'checkNumber') {
        // The connection did not answer (disconnected, busy): try again in a minute from here.
        await send({ ...work, cursor }, 60);
        return;
      }
      await setItemWhatsappValidity(item, reply.exists);
    }
    cursor = page.cursor;
  } while (cursor);
}
