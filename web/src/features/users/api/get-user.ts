import { recordReader } from '../../../lib/record-api.ts';
import type { User } from './types.ts';
import { usersQueryKeys } from './users-query-keys.ts';

const userReader = recordReader<User>('/users', usersQueryKeys.detail, { staleTime: 0 });

/** GET /users/{id}, read again whenever the dialog opens. */
export const getUser = userReader.get;
export const userQueryOptions = userReader.queryOptions;
export const useUser = userReader.useRecord;
