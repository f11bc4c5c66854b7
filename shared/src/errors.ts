/**
 * The error catalogue (core spec §8, extended spec §8). Every error the API returns is
 * `{ "error": code }` with the HTTP status listed here, so the SPA can translate the code.
 */
export const errorCatalogue = {
  // Connections
  ERR_NO_OTHER_WHATSAPP: { status: 400, es: 'Debe haber al menos una conexión de WhatsApp predeterminada.' },
  ERR_NO_DEF_WAPP_FOUND: { status: 404, es: 'No se encontró ninguna conexión de WhatsApp predeterminada.' },
  ERR_WAPP_NOT_INITIALIZED: { status: 400, es: 'Esta conexión de WhatsApp no está inicializada.' },
  ERR_WAPP_CHECK_CONTACT: { status: 400, es: 'No se pudo verificar el contacto de WhatsApp.' },
  ERR_WAPP_INVALID_CONTACT: { status: 400, es: 'Este no es un número de WhatsApp válido.' },
  ERR_WAPP_DOWNLOAD_MEDIA: { status: 502, es: 'No se pudo descargar el archivo de WhatsApp.' },
  ERR_WAPP_GREETING_REQUIRED: {
    status: 400,
    es: 'El mensaje de saludo es obligatorio cuando hay más de una cola.',
  },
  // Session
  ERR_INVALID_CREDENTIALS: { status: 401, es: 'Error de autenticación. Por favor, inténtelo de nuevo.' },
  ERR_SESSION_EXPIRED: { status: 401, es: 'Sesión expirada. Por favor, inicie sesión.' },
  // External message API: a bearer token that names no connection (wrong, rotated or revoked).
  ERR_INVALID_API_TOKEN: { status: 401, es: 'El token de la API no es válido.' },
  ERR_NO_PERMISSION: { status: 403, es: 'No tienes permiso para acceder a este recurso.' },
  ERR_WRONG_CURRENT_PASSWORD: { status: 400, es: 'La contraseña actual no es correcta.' },
  ERR_TOO_MANY_ATTEMPTS: { status: 429, es: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.' },
  // Answered by the edge (WAF in AWS, the local gateway) when a caller or company exceeds its request budget.
  ERR_TOO_MANY_REQUESTS: { status: 429, es: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.' },
  ERR_SUBSCRIPTION_EXPIRED: { status: 402, es: 'La suscripción de la empresa está vencida.' },
  ERR_PLAN_FEATURE_DISABLED: { status: 403, es: 'El plan de la empresa no incluye esta función.' },
  ERR_PLAN_LIMIT_REACHED: { status: 403, es: 'Se alcanzó el límite del plan.' },
  // The plan's campaigns and schedules limits (docs/decisions.md, "Plan limits: campaigns and schedules").
  ERR_CAMPAIGN_LIMIT_REACHED: {
    status: 403,
    es: 'Se alcanzó el límite de campañas del plan. Elimine una campaña o cambie de plan.',
  },
  ERR_SCHEDULE_LIMIT_REACHED: {
    status: 403,
    es: 'Se alcanzó el límite de agendamientos del plan. Elimine un agendamiento o cambie de plan.',
  },
  ERR_USER_CREATION_DISABLED: { status: 403, es: 'La creación de usuarios está deshabilitada.' },
  // Messages and tickets
  ERR_SENDING_WAPP_MSG: { status: 502, es: 'Error al enviar el mensaje de WhatsApp.' },
  ERR_DELETE_WAPP_MSG: { status: 502, es: 'No se pudo eliminar el mensaje de WhatsApp.' },
  // Editing a sent message (docs/decisions.md, "Editing a sent message"): WhatsApp's 15 minutes.
  ERR_EDIT_WAPP_MSG: { status: 502, es: 'No se pudo editar el mensaje en WhatsApp.' },
  ERR_MESSAGE_EDIT_EXPIRED: {
    status: 409,
    es: 'Ya pasaron más de 15 minutos desde el envío: WhatsApp no permite editar este mensaje.',
  },
  ERR_MESSAGE_NOT_EDITABLE: {
    status: 409,
    es: 'Solo se pueden editar los mensajes de texto enviados desde la empresa que no fueron eliminados.',
  },
  // POST /messages/{ticketId} with mediaUrl (core §7): the file the server fetches.
  ERR_MEDIA_URL_REFUSED: {
    status: 400,
    es: 'No se pudo obtener el archivo de la URL: use https y una dirección pública que responda.',
  },
  ERR_MEDIA_URL_TOO_LARGE: { status: 413, es: 'El archivo de la URL es demasiado grande.' },
  ERR_MEDIA_URL_UNKNOWN_TYPE: {
    status: 415,
    es: 'El tipo del archivo de la URL no está admitido (imágenes, audio, video, PDF y documentos).',
  },
  ERR_FETCH_WAPP_MSG: { status: 502, es: 'Error al obtener el mensaje de WhatsApp.' },
  ERR_OTHER_OPEN_TICKET: { status: 409, es: 'Ya hay un ticket abierto para este contacto.' },
  ERR_TICKET_CONFLICT: { status: 409, es: 'El ticket fue modificado por otra persona.' },
  ERR_CREATING_MESSAGE: { status: 500, es: 'Error al crear el mensaje en la base de datos.' },
  ERR_CREATING_TICKET: { status: 500, es: 'Error al crear el ticket en la base de datos.' },
  ERR_DUPLICATED_CONTACT: { status: 409, es: 'Ya existe un contacto con este número.' },
  ERR_DUPLICATED_EMAIL: { status: 409, es: 'Ya existe un usuario con este correo electrónico.' },
  ERR_DUPLICATED_NAME: { status: 409, es: 'Ya existe un registro con este nombre.' },
  ERR_PLAN_IN_USE: { status: 409, es: 'Este plan está en uso por alguna empresa.' },
  ERR_INVALID_RESET_CODE: { status: 400, es: 'Código de verificación inválido o vencido.' },
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { status: 409, es: 'Este color ya está en uso, elija otro.' },
  ERR_RECORD_CONFLICT: { status: 409, es: 'El registro fue modificado por otra persona. Inténtelo de nuevo.' },
  ERR_SCHEDULE_ALREADY_SENT: { status: 409, es: 'Este mensaje programado ya fue enviado y no se puede editar.' },
  // A send time (schedule, campaign) earlier than now, beyond a small grace for clock skew.
  ERR_TIME_IN_PAST: {
    status: 400,
    es: 'La fecha y hora elegidas ya pasaron (hora de la empresa). Elija un momento futuro.',
  },
  // Campaigns (extended §4): editing and the cancel/restart actions follow the campaign's status.
  ERR_CAMPAIGN_NOT_EDITABLE: { status: 409, es: 'Esta campaña ya no se puede editar.' },
  ERR_CAMPAIGN_STATUS: { status: 409, es: 'La campaña no está en un estado que permita esta acción.' },
  // Not found
  ERR_NO_SETTING_FOUND: { status: 404, es: 'No se encontró ninguna configuración con este ID.' },
  ERR_NO_CONTACT_FOUND: { status: 404, es: 'No se encontró ningún contacto con este ID.' },
  ERR_NO_TICKET_FOUND: { status: 404, es: 'No se encontró ningún ticket con este ID.' },
  ERR_NO_USER_FOUND: { status: 404, es: 'No se encontró ningún usuario con este ID.' },
  ERR_NO_WAPP_FOUND: { status: 404, es: 'No se encontró ningún WhatsApp con este ID.' },
  ERR_NO_COMPANY_FOUND: { status: 404, es: 'No se encontró ninguna empresa con este ID.' },
  ERR_NO_PLAN_FOUND: { status: 404, es: 'No se encontró ningún plan con este ID.' },
  ERR_NOT_FOUND: { status: 404, es: 'No se encontró el registro.' },
  // Generic request errors
  ERR_VALIDATION: { status: 400, es: 'Los datos enviados no son válidos.' },
  ERR_ROUTE_NOT_FOUND: { status: 404, es: 'Ruta no encontrada.' },
  ERR_METHOD_NOT_ALLOWED: { status: 405, es: 'Método no permitido.' },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, es: 'El contenido enviado es demasiado grande.' },
  ERR_UNSUPPORTED_MEDIA_TYPE: { status: 415, es: 'Tipo de contenido no admitido.' },
  ERR_PAYMENT_PROVIDER: { status: 502, es: 'No se pudo generar el cobro con el proveedor de pagos. Inténtelo de nuevo.' },
  // Dialogflow integrations: the service-account JSON, what Dialogflow refused, and an unreachable service.
  ERR_DIALOGFLOW_CREDENTIALS: {
    status: 400,
    es: 'El JSON de la cuenta de servicio de Dialogflow no es válido (faltan client_email o private_key).',
  },
  ERR_DIALOGFLOW_REJECTED: {
    status: 400,
    es: 'Dialogflow rechazó la solicitud: revise el proyecto, el idioma y los permisos de la cuenta de servicio.',
  },
  ERR_DIALOGFLOW_UNAVAILABLE: { status: 502, es: 'No se pudo contactar con Dialogflow. Inténtelo de nuevo.' },
  // Outbound webhooks (docs/decisions.md, "Outbound webhooks"): only https URLs to public addresses.
  ERR_WEBHOOK_URL_REFUSED: {
    status: 400,
    es: 'La URL del webhook no está permitida: use https y una dirección pública (no local, privada ni de metadatos).',
  },
  ERR_WEBHOOK_LIMIT: { status: 409, es: 'Se alcanzó el número máximo de webhooks de la empresa.' },
  ERR_INTERNAL: { status: 500, es: 'Error interno del servidor.' },
} as const satisfies Record<string, { status: number; es: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(errorCatalogue, value);
}

export function statusOf(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

/** The body of every error answer. `issues` carries field-level detail for ERR_VALIDATION. */
export interface ErrorBody {
  error: ErrorCode;
  issues?: { path: string; message: string }[];
  [extra: string]: unknown;
}
