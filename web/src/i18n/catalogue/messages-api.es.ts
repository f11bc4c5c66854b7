/** UI text of the external message API screen and the chat's API label (merged by messages.es.ts). */
export const messagesApiMessages = {
  'tickets.messages.fromApi': 'API',
  'tickets.messages.fromApiHint': 'Enviado por la API de mensajes',
  'messagesApi.noPermission':
    'Esta empresa no tiene permiso para acceder a esta página. Te estamos redirigiendo.',
  'messagesApi.docs.title': 'Documentación',
  'messagesApi.docs.intro':
    'Envíe mensajes de WhatsApp desde otros sistemas. Autentíquese con el token de la conexión (Conexiones → editar → Token) en la cabecera Authorization: Bearer.',
  'messagesApi.docs.endpoint': 'Punto de acceso',
  'messagesApi.docs.number':
    'number: solo dígitos, con código de país, código de área y número (p. ej. 5511999998888).',
  'messagesApi.docs.body': 'body: el texto; con archivos, la leyenda del primero.',
  'messagesApi.docs.medias':
    'medias: uno o varios archivos (multipart/form-data); se envía un mensaje por archivo.',
  'messagesApi.docs.closeTicket': 'closeTicket (opcional): true cierra el ticket después de enviar.',
  'messagesApi.docs.idempotency':
    'Idempotency-Key (cabecera opcional): repetir la solicitud con la misma clave envía el mensaje una sola vez.',
  'messagesApi.docs.answer':
    'Respuesta 201: { id, ticketId, messageIds, closed }. Errores: 400 datos no válidos, 401 token no válido, 403 el plan no incluye la API, 429 demasiadas solicitudes (Retry-After).',
  'messagesApi.docs.openapi': 'Documento OpenAPI 3.1',
  'messagesApi.docs.textExamples': 'Mensajes de texto',
  'messagesApi.docs.mediaExamples': 'Mensajes con archivos',
  'messagesApi.test.title': 'Probar el envío',
  'messagesApi.test.token': 'Token',
  'messagesApi.test.number': 'Número',
  'messagesApi.test.body': 'Mensaje',
  'messagesApi.test.file': 'Archivo (opcional)',
  'messagesApi.test.send': 'Enviar',
  'messagesApi.test.sending': 'Enviando…',
  'messagesApi.test.answer': 'Respuesta',
  'messagesApi.test.sent': 'Mensaje enviado correctamente',
} as const;
