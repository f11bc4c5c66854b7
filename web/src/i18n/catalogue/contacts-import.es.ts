/** UI text of the contacts CSV import (merged into the catalogue by messages.es.ts). */
export const contactsImportMessages = {
  'contacts.import': 'Importar',
  'contacts.import.choose': 'Importar contactos desde un archivo CSV',
  'contacts.import.tooLarge': 'El archivo supera el máximo de {size} MB.',
  'contacts.import.title': 'Resultado de la importación',
  'contacts.import.created': 'Contactos creados',
  'contacts.import.skipped': 'Omitidos (el número ya existía)',
  'contacts.import.invalid': 'Filas no válidas',
  'contacts.import.line': 'Línea',
  'contacts.import.reason': 'Motivo',
  'contacts.import.more': 'y {count} filas más.',
  'contacts.import.format':
    'Formato: nombre;número;correo, con encabezado, como la exportación (también acepta comas).',
  'contacts.import.done':
    'Importación terminada: {created} creados, {skipped} omitidos, {invalid} no válidos.',
} as const;
