/**
 * A connection's per-day counters (`C#<cid>` / `WHEALTH#<wid>#DAY#<yyyy-MM-dd>`, the REST
 * module's ElectroDB item `connectionDay`, AP-CH-4): the connector counts a message out in the
 * transaction that marks it sent. The day is UTC and the item lives 31 days, like every history
 * item (functions/src/domain/connection-health.ts).
 */
import { connectionHistoryDays } from '@atende/shared/entities/connection-health';
import { companyPk } from './keys.ts';

/** Kept 30 days, and one more for the day's edge (historyExpiresAt in the functions). */
const historyKeptDays = connectionHistoryDays + 1;
const dayMs = 24 * 3600_000;

export function connectionDayOut(tableName: string, companyId: number, whatsappId: number, now: Date) {
  const day = now.toISOString().slice(0, 10);
  return {
    TableName: tableName,
    Key: { pk: companyPk(companyId), sk: `WHEALTH#${whatsappId}#DAY#${day}` },
    UpdateExpression:
      'ADD #out :one SET #expiresAt = :expiresAt, #companyId = :companyId, #whatsappId = :whatsappId, ' +
      '#day = :day, #entity = :entity, #version = :version',
    ExpressionAttributeNames: {
      '#out': 'out',
      '#expiresAt': 'expiresAt',
      '#companyId': 'companyId',
      '#whatsappId': 'whatsappId',
      '#day': 'day',
      '#entity': '__edb_e__',
      '#version': '__edb_v__',
    },
    ExpressionAttributeValues: {
      ':one': 1,
      ':expiresAt': Math.floor((now.getTime() + historyKeptDays * dayMs) / 1000),
      ':companyId': companyId,
      ':whatsappId': whatsappId,
      ':day': day,
      ':entity': 'connectionDay',
      ':version': '1',
    },
  };
}
