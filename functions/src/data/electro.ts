import { documentClient, tableName } from '#aws/dynamo';

/** ElectroDB configuration shared by every entity: one client, one table. */
export const entityConfig = { client: documentClient, table: tableName() };

/** Every entity belongs to this ElectroDB service; stream consumers use it to recognise items. */
export const serviceName = 'atende';

/** Keys keep the case we write: company and user ids are numbers, connection ids are case-sensitive. */
export const exactCase = 'none' as const;
