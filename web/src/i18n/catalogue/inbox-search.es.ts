/**
 * UI text of the inbox's search tab and of the role-gated screens (merged into the catalogue by
 * messages.es.ts).
 */
export const inboxSearchMessages = {
  'tickets.tabs.search': 'Buscar',
  'tickets.search.label': 'Buscar en los tickets',
  'tickets.search.placeholder': 'Buscar por mensaje, nombre o número',
  'tickets.search.tags': 'Etiquetas',
  'tickets.search.users': 'Usuarios',
  'tickets.search.noChoices': 'No hay opciones.',
  'tickets.search.hint': 'Escriba una palabra o elija una etiqueta para buscar.',
  'tickets.search.empty': 'Ningún ticket coincide con la búsqueda.',
} as const;
