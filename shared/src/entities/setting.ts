/**
 * Company settings (extended §3): key/value rows. Each known key has its own value domain;
 * unknown keys are refused so a typo cannot create a setting nobody reads.
 */
import * as z from 'zod';
import {
  chatBotTypes,
  defaultCompanySettings,
  enabledDisabled,
  limits,
  scheduleTypes,
} from '../constants.ts';
import { idSchema } from '../fields.ts';
import { isKnownTimeZone } from '../wall-clock.ts';

const enabledDisabledSchema = z.enum(enabledDisabled);

/** The payment providers checkout knows. */
export const paymentProviders = ['sandbox', 'asaas'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** The value domain of every known setting key. */
export const settingValueSchemas = {
  userRating: enabledDisabledSchema,
  scheduleType: z.enum(scheduleTypes),
  call: enabledDisabledSchema,
  CheckMsgIsGroup: enabledDisabledSchema,
  sendGreetingAccepted: enabledDisabledSchema,
  sendMsgTransfTicket: enabledDisabledSchema,
  sendGreetingMessageOneQueues: enabledDisabledSchema,
  chatBotType: z.enum(chatBotTypes),
  /** Payment-provider token. */
  asaas: z.string().max(limits.tokenMax),
  /** The token Asaas sends in `asaas-access-token` with each webhook (set on the platform company). */
  asaasWebhookToken: z.string().max(limits.tokenMax),
  /**
   * The payment provider checkout uses, chosen by the super user on the platform company
   * (docs/decisions.md, "Payment provider: chosen, not inferred"). Unset: Asaas when its token
   * is set, otherwise the sandbox where it is enabled.
   */
  paymentProvider: z.enum(paymentProviders),
  /**
   * Whether the public sign-up creates companies and their users (core §8,
   * ERR_USER_CREATION_DISABLED); set by the super user on the platform company. Unset: enabled.
   */
  userCreation: enabledDisabledSchema,
  /** Whether the company may run campaigns; stored as text. */
  campaignsEnabled: z.enum(['true', 'false']),
  /**
   * The company's IANA time zone (opening hours, calendar days); without it America/Sao_Paulo
   * (docs/chatbot.md).
   */
  timezone: z.string().min(1).max(64).refine((value) => isKnownTimeZone(value), { error: 'Zona horaria desconocida' }),
} as const;

export type SettingKey = keyof typeof settingValueSchemas;

/**
 * Settings that are secrets (the payment-provider token): read and written by super users only,
 * never in sign-in answers, /auth/me or live events.
 */
export const secretSettingKeys: readonly string[] = ['asaas', 'asaasWebhookToken'] satisfies SettingKey[];
export function isSecretSetting(key: string): boolean {
  return secretSettingKeys.includes(key);
}
/** Settings only super users write (the platform's own), though not secret: readable as they are. */
export const superUserSettingKeys: readonly string[] = [
  'asaas',
  'asaasWebhookToken',
  'paymentProvider',
  'userCreation',
] satisfies SettingKey[];
export function isSuperUserSetting(key: string): boolean {
  return superUserSettingKeys.includes(key);
}
export const settingKeys = Object.keys(settingValueSchemas) as SettingKey[];
export const settingKeySchema = z.enum(settingKeys as [SettingKey, ...SettingKey[]]);

export type CompanySettingsDefaults = typeof defaultCompanySettings;

export const settingSchema = z.object({
  id: idSchema.optional(),
  key: z.string(),
  value: z.string(),
  companyId: idSchema.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Setting = z.infer<typeof settingSchema>;

function settingInput<K extends SettingKey>(key: K) {
  return z.object({ key: z.literal(key), value: settingValueSchemas[key] });
}

/** PUT /settings/{key}: the value must belong to the key's domain. */
export const settingUpdateInputSchema = z.discriminatedUnion('key', [
  settingInput('userRating'),
  settingInput('scheduleType'),
  settingInput('call'),
  settingInput('CheckMsgIsGroup'),
  settingInput('sendGreetingAccepted'),
  settingInput('sendMsgTransfTicket'),
  settingInput('sendGreetingMessageOneQueues'),
  settingInput('chatBotType'),
  settingInput('asaas'),
  settingInput('asaasWebhookToken'),
  settingInput('paymentProvider'),
  settingInput('userCreation'),
  settingInput('campaignsEnabled'),
  settingInput('timezone'),
]);
export type SettingUpdateInput = z.infer<typeof settingUpdateInputSchema>;

/** Reads a setting value from a company's key/value rows, falling back to the default. */
export function settingValue(
  settings: readonly Pick<Setting, 'key' | 'value'>[],
  key: keyof CompanySettingsDefaults,
): string {
  return settings.find((row) => row.key === key)?.value ?? defaultCompanySettings[key];
}
