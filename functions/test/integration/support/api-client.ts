/**
 * The header the test runtime reads the client address from (CLIENT_ADDRESS_HEADER), as the
 * functions read CloudFront's viewer address in AWS: each client is a different visitor, so the
 * per-address limits (sign-in, sign-up, password reset) apply to a test as to one person.
 */
export const clientAddressHeader = 'x-test-client-address';

/**
 * Clients made so far in this process, on globalThis: the files that share a worker's runtime
 * (support/runtime.ts) must never hand out an address another file's client already spent its
 * per-address budget from, and each file gets the module afresh.
 */
const counter = globalThis as { atendeTestClients?: number };
/** A distinct documentation-range address per client (198.18.0.0/15 is for benchmarks). */
const nextAddress = () => {
  const clients = (counter.atendeTestClients = (counter.atendeTestClients ?? 0) + 1);
  return `198.${18 + ((clients >> 16) & 1)}.${(clients >> 8) & 255}.${clients & 255}`;
};

/**
 * A tiny HTTP client for integration tests: JSON in and out, a bearer token when signed in,
 * and a cookie jar for the refresh cookie, like a browser on the SPA's origin.
 */
export class ApiClient {
  token: string | undefined;
  readonly cookies = new Map<string, string>();

  /** `address`: the client's address, for tests of the per-address limits; distinct by default. */
  constructor(
    readonly baseUrl: string,
    readonly address: string = nextAddress(),
  ) {}

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { [clientAddressHeader]: this.address };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = pair!.split('=');
      const expired = attributes.some((a) => a.trim().toLowerCase() === 'max-age=0');
      if (expired || !value) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.trim());
    }
    const text = await answer.text();
    return { status: answer.status, body: (text ? JSON.parse(text) : undefined) as T, headers: answer.headers };
  }

  get = <T = unknown>(path: string) => this.call<T>('GET', path);
  post = <T = unknown>(path: string, body?: unknown) => this.call<T>('POST', path, body ?? {});
  put = <T = unknown>(path: string, body?: unknown) => this.call<T>('PUT', path, body ?? {});
  delete = <T = unknown>(path: string) => this.call<T>('DELETE', path);

  async login(email: string, password: string): Promise<{ status: number; body: { token: string; user: Record<string, unknown> } }> {
    const answer = await this.post<{ token: string; user: Record<string, unknown> }>('/auth/login', { email, password });
    if (answer.status === 200) this.token = answer.body.token;
    return answer;
  }
}
