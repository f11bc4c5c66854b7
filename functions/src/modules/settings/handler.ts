import * as z from 'zod';
import { limits } from '@atende/shared/constants';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import {
  isSecretSetting,
  isSuperUserSetting,
  settingKeySchema,
  settingUpdateInputSchema,
} from '@atende/shared/entities/setting';
import { deleteSetting, listSettings, putSetting } from '#data/settings';
import { AppError } from '#domain/app-error';
import { maskLastFour } from '#domain/secret-mask';
import { publicSetting, publicSettings } from './serialize.ts';
import { forgetCompanyContext } from '#http/company-context';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { secretBox } from '#homes/adapters';

/** A secret setting is stored sealed (the company id bound to it), with its mask beside it. */
async function putSecretSetting(companyId: number, key: string, value: string) {
  const sealed = await (await secretBox()).seal(companyId, value);
  return putSetting(companyId, key, sealed, maskLastFour(value) ?? '••••');
}

/**
 * /api/settings: the caller's company settings; every user reads them, admins change them. The
 * secret ones (the payment-provider token, the Asaas webhook token) only super users change, and
 * read only masked, and stored sealed; an empty value removes a secret. The payment provider only super users choose.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/settings',
    access: 'user',
    allowBlockedCompany: true,
    handler: async ({ principal }) =>
      publicSettings(await listSettings(principal.companyId), { withSecrets: principal.isSuper }),
  }),
  route({
    method: 'PUT',
    path: '/settings/{key}',
    access: 'admin',
    params: z.object({ key: settingKeySchema }),
    // Every setting's value is a text (settingValueSchemas); the longest, a payment token.
    body: z.object({ value: z.string().max(limits.tokenMax, msg.tooLong) }),
    handler: async ({ principal, params, body }) => {
      if (isSuperUserSetting(params.key) && !principal.isSuper) throw new AppError('ERR_NO_PERMISSION');
      // The value must belong to the key's own domain (e.g. enabled/disabled).
      const setting = settingUpdateInputSchema.parse({ key: params.key, value: body.value });
      // An empty secret removes it (the settings screen's "Quitar token"): nothing is kept.
      const saved = !isSecretSetting(setting.key)
        ? await putSetting(principal.companyId, setting.key, setting.value)
        : setting.value.trim() === ''
          ? await deleteSetting(principal.companyId, setting.key)
          : await putSecretSetting(principal.companyId, setting.key, setting.value);
      forgetCompanyContext(principal.companyId);
      return publicSetting(saved);
    },
  }),
]);
