import type {
  CampaignRecipient,
  CampaignRecipientFailureReason,
  CampaignRecipientState,
} from '@atende/shared/entities/campaign-recipient';
import { campaignRecipientsCsvExport } from '@atende/shared/entities/campaign-recipient';
import { csvField } from './csv.ts';

/** What a shipping entry holds that the report's list reads. */
export interface RecipientEntryFields {
  position: number;
  name?: string | undefined;
  number: string;
  confirmationRequestedAt?: string | undefined;
  deliveredAt?: string | undefined;
  confirmedAt?: string | undefined;
  recipientState?: CampaignRecipientState | undefined;
  failedAt?: string | undefined;
  failureReason?: CampaignRecipientFailureReason | undefined;
}

/**
 * A recipient's state: the one its entry keeps, or for an entry written before the state was
 * kept, the one its timestamps tell (the same rule the writes follow).
 */
export function recipientStateOf(entry: RecipientEntryFields): CampaignRecipientState {
  if (entry.recipientState) return entry.recipientState;
  if (entry.confirmedAt) return 'confirmed';
  if (entry.deliveredAt) return 'delivered';
  if (entry.confirmationRequestedAt) return 'awaitingConfirmation';
  return 'pending';
}

export function publicRecipient(entry: RecipientEntryFields): CampaignRecipient {
  return {
    name: entry.name ?? '',
    number: entry.number,
    state: recipientStateOf(entry),
    confirmationRequestedAt: entry.confirmationRequestedAt ?? null,
    deliveredAt: entry.deliveredAt ?? null,
    confirmedAt: entry.confirmedAt ?? null,
    failedAt: entry.failedAt ?? null,
    failureReason: entry.failureReason ?? null,
  };
}

/** Entries read whole (a campaign older than the indexes): of one state or all, in send order. */
export function recipientsInOrder(
  entries: readonly RecipientEntryFields[],
  state: CampaignRecipientState | undefined,
): RecipientEntryFields[] {
  return entries
    .filter((entry) => state === undefined || recipientStateOf(entry) === state)
    .sort((a, b) => a.position - b.position);
}

export const recipientsCsvHeader = campaignRecipientsCsvExport.fields.join(';');

/** One CSV line a recipient (safe cells: csv.ts). */
export function recipientCsvLine(recipient: CampaignRecipient): string {
  return [
    recipient.name,
    recipient.number,
    recipient.state,
    recipient.confirmationRequestedAt ?? '',
    recipient.deliveredAt ?? '',
    recipient.confirmedAt ?? '',
    recipient.failedAt ?? '',
    recipient.failureReason ?? '',
  ]
    .map(csvField)
    .join(';');
}
