import type { messagesApiMessages } from './messages-api.es.ts';

/** Brazilian Portuguese text of the external message API screen and the chat's API label. */
export const messagesApiMessagesPtBr: Record<keyof typeof messagesApiMessages, string> = {
  'tickets.messages.fromApi': 'API',
  'tickets.messages.fromApiHint': 'Enviada pela API de mensagens',
  'messagesApi.noPermission':
    'Esta empresa não possui permissão para acessar esta página! Estamos redirecionando você.',
  'messagesApi.docs.title': 'Documentação',
  'messagesApi.docs.intro':
    'Envie mensagens de WhatsApp a partir de outros sistemas. Autentique-se com o token da conexão (Conexões → editar → Token) no cabeçalho Authorization: Bearer.',
  'messagesApi.docs.endpoint': 'Endpoint',
  'messagesApi.docs.number':
    'number: somente dígitos, com código do país, DDD e número (ex.: 5511999998888).',
  'messagesApi.docs.body': 'body: o texto; com arquivos, a legenda do primeiro.',
  'messagesApi.docs.medias':
    'medias: um ou mais arquivos (multipart/form-data); é enviada uma mensagem por arquivo.',
  'messagesApi.docs.closeTicket': 'closeTicket (opcional): true fecha o ticket após o envio.',
  'messagesApi.docs.idempotency':
    'Idempotency-Key (cabeçalho opcional): repetir a requisição com a mesma chave envia a mensagem uma única vez.',
  'messagesApi.docs.answer':
    'Resposta 201: { id, ticketId, messageIds, closed }. Erros: 400 dados inválidos, 401 token inválido, 403 o plano não inclui a API, 429 requisições demais (Retry-After).',
  'messagesApi.docs.openapi': 'Documento OpenAPI 3.1',
  'messagesApi.docs.textExamples': 'Mensagens de texto',
  'messagesApi.docs.mediaExamples': 'Mensagens com arquivos',
  'messagesApi.test.title': 'Testar o envio',
  'messagesApi.test.token': 'Token',
  'messagesApi.test.number': 'Número',
  'messagesApi.test.body': 'Mensagem',
  'messagesApi.test.file': 'Arquivo (opcional)',
  'messagesApi.test.send': 'Enviar',
  'messagesApi.test.sending': 'Enviando…',
  'messagesApi.test.answer': 'Resposta',
  'messagesApi.test.sent': 'Mensagem enviada com sucesso',
};
