import { AppError } from './app-error.ts';

/** A connection with more than one queue greets with a menu, so it needs a greeting (core §8). */
export function assertGreetingWhenQueues(queueIds: number[], greetingMessage: string | undefined): void {
  if (queueIds.length > 1 && !greetingMessage?.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED');
}

export const connectionProviders = ['beta', 'sandbox'] as const;
export type ConnectionProvider = (typeof connectionProviders)[number];

/** Only the providers this product has; the sandbox only where a stage enables it. */
export function assertProvider(provider: string, sandboxEnabled: boolean): ConnectionProvider {
  if (provider === 'beta' || (provider === 'sandbox' && sandboxEnabled)) return provider;
  throw new AppError('ERR_VALIDATION', { issues: [{ path: 'provider', message: 'Proveedor no disponible' }] });
}

/**
 * Exactly one default connection: the first one is the default whatever was asked, and the
 * default cannot simply be switched off (another must take the role) nor deleted while others
 * remain.
 */
export function defaultAfterCreate(asked: boolean, existingCount: number): boolean {
  return asked || existingCount === 0;
}

export function assertMayUnsetDefault(isDefaultNow: boolean, asked: boolean | undefined): void {
  if (isDefaultNow && asked === false) throw new AppError('ERR_NO_OTHER_WHATSAPP');
}

export function assertMayDelete(isDefault: boolean, connectionCount: number): void {
  if (isDefault && connectionCount > 1) throw new AppError('ERR_NO_OTHER_WHATSAPP');
}
