import { createServer } from 'node:net';

/**
 * Asks the OS for a free TCP port, for the processes (DynamoDB Local) that cannot report the
 * port they bound when given 0. The port is released before it is returned, so a caller that
 * loses the race retries with another one.
 */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}
