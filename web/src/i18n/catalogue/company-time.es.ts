/** UI text of the company's time zone (merged into the catalogue by messages.es.ts). */
export const companyTimeMessages = {
  'companyTime.zoneNote': 'Hora de la empresa ({timeZone}).',
  'companyTime.hoursNote': 'Horarios en la hora de la empresa ({timeZone}).',
  'companyTime.setting': 'Zona horaria de la empresa',
  'companyTime.settingHint':
    'Los horarios de atención, los agendamientos y las campañas usan esta hora. Escriba para buscar (p. ej., Bogota).',
  'companyTime.settingEmpty': 'Ninguna zona horaria coincide.',
  'companyTime.saved': 'Zona horaria guardada: {timeZone}.',
} as const;
