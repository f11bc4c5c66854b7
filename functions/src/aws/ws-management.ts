import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { requireEnv } from './env.ts';
import { sdkLogger } from '@atende/shared/sdk-logger';

let client: ApiGatewayManagementApiClient | undefined;

/**
 * The @connections management API of the WebSocket API. The endpoint is the API's stage URL
 * in AWS and the local gateway's origin locally; the client code is the same in both homes.
 */
export function wsManagementClient(): ApiGatewayManagementApiClient {
  client ??= new ApiGatewayManagementApiClient({ endpoint: requireEnv('WS_MANAGEMENT_ENDPOINT'), maxAttempts: 2, logger: sdkLogger });
  return client;
}
