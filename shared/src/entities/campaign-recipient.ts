import * as z from 'zod';
import { pageNumberSchema } from '../query-params.ts';
import { validationMessages as msg } from '../validation-messages.ts';

/**
 * A campaign recipient's state on the report's list (extended §3 `shipping`, issue #29):
 * `pending` not sent yet; `awaitingConfirmation` asked to confirm, no answer yet; `delivered`
 * sent (deliveredAt); `confirmed` answered and sent (confirmedAt); `notOnWhatsapp` a contact list
 * item the WhatsApp check found without an account, which the run skips; `failed` sent, and
 * WhatsApp (the connector) refused the send: `failureReason` says why (a code the screen names).
 */
export const campaignRecipientStates = [
  'pending',
  'awaitingConfirmation',
  'delivered',
  'confirmed',
  'notOnWhatsapp',
  'failed',
] as const;
export type CampaignRecipientState = (typeof campaignRecipientStates)[number];

/**
 * Why a recipient's send failed (a code, never the raw error): `sendRefused` the connector
 * reported WhatsApp's refusal of a message or file sent to it (the message's ERR_SENDING_WAPP_MSG).
 */
export const campaignRecipientFailureReasons = ['sendRefused'] as const;
export type CampaignRecipientFailureReason = (typeof campaignRecipientFailureReasons)[number];

/** `state` absent or empty: every state. */
const stateFilterSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(campaignRecipientStates, { error: msg.invalidValue }).optional(),
);

/** Pages the list shows (10,000 recipients); the export holds them all. */
export const campaignRecipientsPageMax = 500;

/** GET /campaigns/{id}/recipients (a page reads the pages before it: AP-CA-24). */
export const campaignRecipientsQuerySchema = z.object({
  state: stateFilterSchema,
  pageNumber: pageNumberSchema.refine((page) => page <= campaignRecipientsPageMax, msg.invalidValue),
});
export type CampaignRecipientsQuery = z.infer<typeof campaignRecipientsQuerySchema>;

/** GET /campaigns/{id}/recipients/export */
export const campaignRecipientsExportQuerySchema = z.object({ state: stateFilterSchema });

/** A recipient as the list and the export show it. */
export interface CampaignRecipient {
  name: string;
  number: string;
  state: CampaignRecipientState;
  confirmationRequestedAt: string | null;
  deliveredAt: string | null;
  confirmedAt: string | null;
  /** When the send was found failed, and why (state `failed`); null otherwise. */
  failedAt: string | null;
  failureReason: CampaignRecipientFailureReason | null;
}

/** The export: `;`-separated like the contacts export, one recipient a line. */
export const campaignRecipientsCsvExport = {
  filename: 'destinatarios.csv',
  fields: [
    'name',
    'number',
    'state',
    'confirmationRequestedAt',
    'deliveredAt',
    'confirmedAt',
    'failedAt',
    'failureReason',
  ],
} as const;

/** Recipients a page of the list holds. */
export const campaignRecipientsPageSize = 20;
