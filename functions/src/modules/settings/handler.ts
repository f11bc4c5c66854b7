import * as z from 'zod';
import { limits } from '@atende/shared/constants';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { isSecretSetting, settingKeySchema, settingUpdateInputSchema } from '@atende/shared/entities/setting';
import { listSettings, putSetting } from '#data/settings';
import { AppError } from '#domain/app-error';
import { publicSetting, publicSettings } from '#domain/serialize';
import { forgetCompanyContext } from '#http/company-context';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';

/**
 * /api/settings: the caller's company settings; every user reads them, admins change them. The
 * secret ones (the payment-provider token, the Asaas webhook token) only super users change, and
 * read only masked.
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
      if (isSecretSetting(params.key) && !principal.isSuper) throw new AppError('ERR_NO_PERMISSION');
      // The value must belong to the key's own domain (e.g. enabled/disabled).
      const setting = settingUpdateInputSchema.parse({ key: params.key, value: body.value });
      const saved = await putSetting(principal.companyId, setting.key, setting.value);
      forgetCompanyContext(principal.companyId);
      return publicSetting(saved);
    },
  }),
]);
