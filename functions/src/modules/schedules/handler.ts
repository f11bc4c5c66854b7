import * as z from 'zod';
import {
  scheduleCreateInputSchema,
  scheduleListQuerySchema,
  scheduleUpdateInputSchema,
} from '@atende/shared/entities/schedule';
import { restModule } from '#http/rest-module';
import { oneFile, uploadedFileSchema } from '#http/uploaded-file';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import {
  answerOf,
  attachScheduleImage,
  createScheduleOf,
  deleteScheduleOf,
  removeScheduleImage,
  scheduleOrFail,
  schedulesPage,
  updateScheduleOf,
} from './schedule-service.ts';

/** POST /schedules/{id}/media-upload: multipart `file` (one). */
const mediaUploadSchema = z.object({
  file: oneFile(uploadedFileSchema),
});

/**
 * /api/schedules: scheduled messages (core §3, §5, §7; extended §2.16, §7). Every user of the
 * company sees and manages them; the plan's `useSchedules` gates the module (schedule-service.ts
 * does the work).
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/schedules',
    access: 'user',
    feature: 'useSchedules',
    query: scheduleListQuerySchema,
    handler: ({ principal, query }) => schedulesPage(principal.companyId, query),
  }),
  route({
    ...onRecord('GET', '/schedules/{id}', 'user'),
    feature: 'useSchedules',
    handler: async ({ principal, params }) => answerOf(await scheduleOrFail(principal, params.id)),
  }),
  route({
    method: 'POST',
    path: '/schedules',
    access: 'user',
    feature: 'useSchedules',
    body: scheduleCreateInputSchema,
    handler: async ({ principal, body }) =>
      new HttpAnswer(201, await answerOf(await createScheduleOf(principal, body))),
  }),
  route({
    ...onRecord('PUT', '/schedules/{id}', 'user'),
    feature: 'useSchedules',
    body: scheduleUpdateInputSchema,
    handler: async ({ principal, params, body }) =>
      answerOf(await updateScheduleOf(principal, params.id, body)),
  }),
  route({
    ...onRecord('DELETE', '/schedules/{id}', 'user'),
    feature: 'useSchedules',
    handler: async ({ principal, params }) => {
      await deleteScheduleOf(principal, params.id);
      return new HttpAnswer(204);
    },
  }),
  route({
    ...onRecord('POST', '/schedules/{id}/media-upload', 'user'),
    multipart: true,
    feature: 'useSchedules',
    body: mediaUploadSchema,
    handler: async ({ principal, params, body }) =>
      answerOf(await attachScheduleImage(principal, params.id, body.file)),
  }),
  route({
    ...onRecord('DELETE', '/schedules/{id}/media-upload', 'user'),
    feature: 'useSchedules',
    handler: async ({ principal, params }) => answerOf(await removeScheduleImage(principal, params.id)),
  }),
]);
