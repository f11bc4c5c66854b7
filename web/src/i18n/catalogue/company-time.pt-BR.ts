import type { companyTimeMessages } from './company-time.es.ts';

/** Brazilian Portuguese text of the company's time zone. */
export const companyTimeMessagesPtBr: Record<keyof typeof companyTimeMessages, string> = {
  'companyTime.zoneNote': 'Horário da empresa ({timeZone}).',
  'companyTime.hoursNote': 'Horários no fuso da empresa ({timeZone}).',
  'companyTime.setting': 'Fuso horário da empresa',
  'companyTime.settingHint':
    'Os horários de atendimento, os agendamentos e as campanhas usam este horário. Digite para buscar (ex.: Sao_Paulo).',
  'companyTime.settingEmpty': 'Nenhum fuso horário corresponde.',
  'companyTime.saved': 'Fuso horário salvo: {timeZone}.',
};
