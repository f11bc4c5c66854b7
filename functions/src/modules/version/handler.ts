import { appVersion } from '@atende/shared/constants';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';

/** GET /api/version: the product version the SPA shows in the drawer. */
export const handler = restModule([
  route({ method: 'GET', path: '/version', access: 'public', handler: async () => ({ version: appVersion }) }),
]);
