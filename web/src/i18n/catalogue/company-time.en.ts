import type { companyTimeMessages } from './company-time.es.ts';

/** English (en) UI text of the company's time zone (merged by messages.en.ts). */
export const companyTimeMessagesEn: Record<keyof typeof companyTimeMessages, string> = {
  'companyTime.zoneNote': 'Company time ({timeZone}).',
  'companyTime.hoursNote': 'Hours in company time ({timeZone}).',
  'companyTime.setting': 'Company time zone',
  'companyTime.settingHint':
    'Business hours, schedules and campaigns use this time. Type to search (e.g. Bogota).',
  'companyTime.settingEmpty': 'No time zone matches.',
  'companyTime.saved': 'Time zone saved: {timeZone}.',
};
