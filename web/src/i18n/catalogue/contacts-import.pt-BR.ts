import type { contactsImportMessages } from './contacts-import.es.ts';

/** Brazilian Portuguese text of the contacts CSV import. */
export const contactsImportMessagesPtBr: Record<keyof typeof contactsImportMessages, string> = {
  'contacts.import': 'Importar',
  'contacts.import.choose': 'Importar contatos de um arquivo CSV',
  'contacts.import.tooLarge': 'O arquivo excede o máximo de {size} MB.',
  'contacts.import.title': 'Resultado da importação',
  'contacts.import.created': 'Contatos criados',
  'contacts.import.skipped': 'Ignorados (o número já existia)',
  'contacts.import.invalid': 'Linhas inválidas',
  'contacts.import.line': 'Linha',
  'contacts.import.reason': 'Motivo',
  'contacts.import.more': 'e mais {count} linhas.',
  'contacts.import.format':
    'Formato: nome;número;e-mail, com cabeçalho, como na exportação (vírgulas também são aceitas).',
  'contacts.import.done':
    'Importação concluída: {created} criados, {skipped} ignorados, {invalid} inválidos.',
};
