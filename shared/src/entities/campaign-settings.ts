/**
 * Campaign settings (extended §3, §5, §9): key/value rows whose value is JSON. Parsed, they
 * are the send intervals and the message variables.
 */
import * as z from 'zod';
import { limits } from '../constants.ts';
import {
  campaignGreaterIntervalOptions,
  campaignLongerIntervalAfterOptions,
  campaignMessageIntervalOptions,
  campaignSettingsDefaults,
} from '../constants.ts';
import { idSchema, requiredText } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export const campaignSettingRowSchema = z.object({
  id: idSchema.optional(),
  key: z.string(),
  /** JSON text. */
  value: z.string(),
  companyId: idSchema.optional(),
});
export type CampaignSettingRow = z.infer<typeof campaignSettingRowSchema>;

export const campaignVariableSchema = z.object({
  key: requiredText().max(limits.extraInfoNameMax, msg.tooLong),
  value: z.string().max(limits.extraInfoValueMax, msg.tooLong),
});
export type CampaignVariable = z.infer<typeof campaignVariableSchema>;

function oneOf(options: readonly number[]) {
  return z.coerce.number().refine((value) => options.includes(value), msg.invalidValue);
}

/**
 * POST /campaign-settings. A shortcut that already exists is not added twice: later
 * duplicates are dropped, the first one wins, as in the settings screen.
 */
export const campaignSettingsSchema = z.object({
  messageInterval: oneOf(campaignMessageIntervalOptions).default(campaignSettingsDefaults.messageInterval),
  longerIntervalAfter: oneOf(campaignLongerIntervalAfterOptions).default(
    campaignSettingsDefaults.longerIntervalAfter,
  ),
  greaterInterval: oneOf(campaignGreaterIntervalOptions).default(campaignSettingsDefaults.greaterInterval),
  variables: z
    .array(campaignVariableSchema)
    .max(limits.extraInfoItemsMax, msg.invalidValue)
    .default([])
    .transform((variables) =>
      variables.filter(
        (variable, index) => variables.findIndex((other) => other.key === variable.key) === index,
      ),
    ),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

/** Reads the stored rows into settings; unreadable or missing values fall back to the defaults. */
export function parseCampaignSettings(
  rows: readonly Pick<CampaignSettingRow, 'key' | 'value'>[],
): CampaignSettings {
  const raw: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      raw[row.key] = JSON.parse(row.value) as unknown;
    } catch {
      // A broken value behaves as unset.
    }
  }
  // Keep only the values that are valid on their own; the rest take their defaults.
  const valid: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(campaignSettingsSchema.shape)) {
    if (schema.safeParse(raw[key]).success) valid[key] = raw[key];
  }
  return campaignSettingsSchema.parse(valid);
}

/** The rows to store for a settings object: one per key, the value as JSON. */
export function campaignSettingsToRows(settings: CampaignSettings): { key: string; value: string }[] {
  return Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) }));
}
