/** GET on any path: 200 with the connector's status while the command loop is alive, else 503. */
import { createServer, type Server } from 'node:http';

/**
 * Listens on loopback only: the one caller is the container's own health check
 * (`http://127.0.0.1:<port>/health`), so nothing outside the task needs to reach it.
 */
export function startHealthServer(
  port: number,
  check: () => { healthy: boolean; body: unknown },
  host = '127.0.0.1',
): Promise<Server> {
  const server = createServer((request, response) => {
    const { healthy, body } = check();
    response.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' });
    response.end(request.method === 'HEAD' ? undefined : JSON.stringify(body));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
