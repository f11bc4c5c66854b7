/** UI text of the queues screen and the chatbot options (merged into the catalogue by messages.es.ts). */
export const queuesMessages = {
  'queues.saved': 'Fila guardada com sucesso!',
} as const;
