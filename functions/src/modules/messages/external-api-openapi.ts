import * as z from 'zod';
import { route } from '#http/route';
import { externalSendSchema, uploadedFile } from './external-api-schema.ts';

/** What POST /api/messages/send answers (201 sent, 200 a retry of a request already carried out). */
const sendAnswerSchema = z.object({
  id: z.string().meta({ description: 'The first stored message (the text, or the first file).' }),
  ticketId: z.number().int(),
  messageIds: z.array(z.string()).meta({ description: 'Every stored message, one per file, in order.' }),
  closed: z.boolean().meta({ description: 'Whether the ticket was closed (closeTicket).' }),
});
const errorSchema = z.object({
  error: z.string().meta({ examples: ['ERR_INVALID_API_TOKEN'] }),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/**
 * zod's own converter (z.toJSONSchema, draft 2020-12, which OpenAPI 3.1 uses as is) on the very
 * schema the route validates with; only an uploaded file (the parser's object around a Buffer) is
 * described as the binary part it is on the wire.
 */
function toSchema(schema: z.ZodType): Record<string, unknown> {
  const converted = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (context) => {
      // On the wire a file is a binary part; the object is what the multipart parser makes of it.
      if (context.zodSchema === uploadedFile) {
        for (const key of Object.keys(context.jsonSchema))
          delete (context.jsonSchema as Record<string, unknown>)[key];
        Object.assign(context.jsonSchema, { type: 'string', format: 'binary' });
      }
    },
  }) as Record<string, unknown>;
  delete converted.$schema;
  return converted;
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The OpenAPI 3.1 document of the external message API, served at GET /api/messages/openapi.json. */
export function externalApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'API de mensajes',
      version: '1.0.0',
      description:
        'Envía mensajes de WhatsApp desde otros sistemas. El token es el de la conexión (Conexiones → editar → Token).',
    },
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: { connectionToken: { type: 'http', scheme: 'bearer' } },
      schemas: {
        SendJson: toSchema(externalSendSchema.omit({ medias: true })),
        SendMultipart: toSchema(externalSendSchema),
        SendAnswer: toSchema(sendAnswerSchema),
        Error: toSchema(errorSchema),
      },
    },
    security: [{ connectionToken: [] }],
    paths: {
      '/messages/send': {
        post: {
          operationId: 'sendMessage',
          summary:
            'Enviar un mensaje (texto, o un mensaje por archivo con el cuerpo como leyenda del primero)',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              schema: { type: 'string', maxLength: 200 },
              description: 'Repetir la solicitud con la misma clave envía el mensaje una sola vez.',
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/SendJson' } },
              'multipart/form-data': { schema: { $ref: '#/components/schemas/SendMultipart' } },
            },
          },
          responses: {
            '201': {
              description: 'Enviado',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/SendAnswer' } } },
            },
            '200': {
              description: 'Una repetición (misma Idempotency-Key) de un envío ya hecho',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/SendAnswer' } } },
            },
            '400': errorAnswer(
              'Datos no válidos (ERR_VALIDATION), p. ej. un número con otros caracteres que dígitos',
            ),
            '401': errorAnswer('Token ausente, incorrecto o rotado (ERR_INVALID_API_TOKEN)'),
            '403': errorAnswer('El plan no incluye la API (ERR_PLAN_FEATURE_DISABLED)'),
            '429': {
              ...errorAnswer('Límite de solicitudes del plan excedido (ERR_TOO_MANY_REQUESTS)'),
              headers: { 'Retry-After': { schema: { type: 'integer' } } },
            },
          },
        },
      },
    },
  };
}

let document: Record<string, unknown> | undefined;

export const externalApiDocsRoute = route({
  method: 'GET',
  path: '/messages/openapi.json',
  // Public like any API's documentation: it holds no data, only the shape of the endpoint.
  access: 'public',
  handler: async () => (document ??= externalApiDocument()),
});
