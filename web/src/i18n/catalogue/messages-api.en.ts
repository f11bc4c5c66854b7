import type { messagesApiMessages } from './messages-api.es.ts';

/** English (en) UI text of the external message API screen and the chat's API label (merged by messages.en.ts). */
export const messagesApiMessagesEn: Record<keyof typeof messagesApiMessages, string> = {
  'tickets.messages.fromApi': 'API',
  'tickets.messages.fromApiHint': 'Sent through the messages API',
  'messagesApi.noPermission': "This company doesn't have permission to access this page. Redirecting you.",
  'messagesApi.docs.title': 'Documentation',
  'messagesApi.docs.intro':
    "Send WhatsApp messages from other systems. Authenticate with the connection's token (Connections → edit → Token) in the Authorization: Bearer header.",
  'messagesApi.docs.endpoint': 'Endpoint',
  'messagesApi.docs.number':
    'number: digits only, with country code, area code and number (e.g. 5511999998888).',
  'messagesApi.docs.body': 'body: the text; with files, the caption of the first one.',
  'messagesApi.docs.medias': 'medias: one or more files (multipart/form-data); one message is sent per file.',
  'messagesApi.docs.closeTicket': 'closeTicket (optional): true closes the ticket after sending.',
  'messagesApi.docs.idempotency':
    'Idempotency-Key (optional header): repeating the request with the same key sends the message only once.',
  'messagesApi.docs.answer':
    'Response 201: { id, ticketId, messageIds, closed }. Errors: 400 invalid data, 401 invalid token, 403 the plan does not include the API, 429 too many requests (Retry-After).',
  'messagesApi.docs.openapi': 'OpenAPI 3.1 document',
  'messagesApi.docs.textExamples': 'Text messages',
  'messagesApi.docs.mediaExamples': 'Messages with files',
  'messagesApi.test.title': 'Test sending',
  'messagesApi.test.token': 'Token',
  'messagesApi.test.number': 'Number',
  'messagesApi.test.body': 'Message',
  'messagesApi.test.file': 'File (optional)',
  'messagesApi.test.send': 'Send',
  'messagesApi.test.sending': 'Sending…',
  'messagesApi.test.answer': 'Response',
  'messagesApi.test.sent': 'Message sent',
};
