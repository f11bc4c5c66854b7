import { idPathSchema } from '@atende/shared/fields';
import { getWhatsapp } from '#data/whatsapps';
import { AppError } from '#domain/app-error';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { sendConnectorCommand } from '#modules/connector-commands/send';

const commands = { POST: 'startSession', PUT: 'newQr', DELETE: 'stopSession' } as const;

/**
 * /api/whatsappsession/{id}: try again (POST), a new QR (PUT), disconnect (DELETE). The connector
 * carries them out in order and its status changes reach every open screen live.
 */
export const handler = restModule(
  (['POST', 'PUT', 'DELETE'] as const).map((method) =>
    route({
      method,
      path: '/whatsappsession/{id}',
      access: 'admin',
      params: idPathSchema,
      handler: async ({ principal, params }) => {
        if (!(await getWhatsapp(principal.companyId, params.id))) throw new AppError('ERR_NO_WAPP_FOUND');
        await sendConnectorCommand({ type: commands[method], companyId: principal.companyId, whatsappId: params.id });
        return new HttpAnswer(202, { status: 'accepted' });
      },
    }),
  ),
);
