import { isSecretSetting } from '@atende/shared/entities/setting';
import type { SettingRecord } from '#data/settings';
import { maskLastFour } from '#domain/secret-mask';

/**
 * Settings as answers show them: without the secret ones unless asked (super users only), and
 * even then masked (`••••` and the last 4 characters): a secret is written, never read back.
 */
export function publicSettings(settings: SettingRecord[], options: { withSecrets?: boolean } = {}) {
  return settings
    .filter(({ key }) => options.withSecrets || !isSecretSetting(key))
    .map(({ key, value, mask }) => publicSetting({ key, value, mask }));
}

/**
 * One setting as answers show it: a secret one masked, by the mask stored beside its sealed value
 * (or, for one stored in clear before sealing, from the value).
 */
export function publicSetting({ key, value, mask }: { key: string; value: string; mask?: string }): {
  key: string;
  value: string;
} {
  return { key, value: isSecretSetting(key) ? (mask ?? maskedSecret(value)) : value };
}

const maskedSecret = (value: string) => maskLastFour(value) ?? '';
