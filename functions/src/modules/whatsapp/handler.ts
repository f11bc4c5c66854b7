import { idPathSchema } from '@atende/shared/fields';
import {
  whatsappCreateInputSchema,
  whatsappListQuerySchema,
  whatsappUpdateInputSchema,
} from '@atende/shared/entities/whatsapp';
import { isAdmin } from '#auth/principal';
import { listWhatsapps } from '#data/whatsapps';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { publicWhatsapp } from './serialize.ts';
import { connectionHistory, openConnectionAlerts } from '../connection-health/history.ts';
import { addWhatsapp, changeWhatsapp, removeWhatsapp, whatsappOrFail } from './whatsapp-service.ts';

/**
 * /api/whatsapp: the company's WhatsApp connections (core §2 Connections, §7). The work is in
 * whatsapp-service.ts; these routes parse and answer.
 */
export const handler = restModule([
  // Connection health (docs/decisions.md, "Connections that tell you"): the banner's open alerts.
  route({
    method: 'GET',
    path: '/whatsapp/health/alerts',
    access: 'admin',
    handler: async ({ principal }) => openConnectionAlerts(principal.companyId),
  }),
  // A connection's last 30 days: uptime, disconnects, messages in and out per day.
  route({
    method: 'GET',
    path: '/whatsapp/{id}/history',
    access: 'admin',
    params: idPathSchema,
    handler: async ({ principal, params }) =>
      connectionHistory(await whatsappOrFail(principal.companyId, params.id)),
  }),
  route({
    method: 'GET',
    path: '/whatsapp',
    access: 'user',
    query: whatsappListQuerySchema,
    handler: async ({ principal }) =>
      (await listWhatsapps(principal.companyId)).map((w) =>
        publicWhatsapp(w, { withToken: isAdmin(principal) }),
      ),
  }),
  route({
    method: 'GET',
    path: '/whatsapp/{id}',
    access: 'user',
    params: idPathSchema,
    query: whatsappListQuerySchema,
    handler: async ({ principal, params }) =>
      publicWhatsapp(await whatsappOrFail(principal.companyId, params.id), { withToken: isAdmin(principal) }),
  }),
  route({
    method: 'POST',
    path: '/whatsapp',
    access: 'admin',
    body: whatsappCreateInputSchema,
    handler: async ({ principal, body }) =>
      new HttpAnswer(201, publicWhatsapp(await addWhatsapp(principal.companyId, body), { withToken: true })),
  }),
  route({
    method: 'PUT',
    path: '/whatsapp/{id}',
    access: 'admin',
    params: idPathSchema,
    body: whatsappUpdateInputSchema,
    handler: async ({ principal, params, body }) =>
      publicWhatsapp(await changeWhatsapp(principal.companyId, params.id, body), { withToken: true }),
  }),
  route({
    method: 'DELETE',
    path: '/whatsapp/{id}',
    access: 'admin',
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      await removeWhatsapp(principal.companyId, params.id);
      return new HttpAnswer(204);
    },
  }),
]);
