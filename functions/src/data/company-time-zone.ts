import { timeZoneOf } from '#domain/day-range';
import { companyEntity } from './company-entity.ts';
import { settingEntity } from './setting-entity.ts';

/**
 * AP-SE-3: the company's time zone for calendar-day filters: its `timezone` setting when one
 * exists and names a real zone, else the company's `timezone` field, else America/Sao_Paulo.
 * Two gets of the company's partition.
 */
export async function companyTimeZone(companyId: number): Promise<string> {
  const [setting, company] = await Promise.all([
    settingEntity.get({ companyId, key: 'timezone' }).go(),
    companyEntity.get({ id: companyId }).go({ attributes: ['timezone'] }),
  ]);
  return timeZoneOf(setting.data?.value, company.data?.timezone);
}
