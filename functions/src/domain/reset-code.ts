import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Reset codes: six digits, valid 10 minutes, five guesses each, stored only as a hash. The
 * per-e-mail and per-address limits across codes are in rate-limits.ts.
 */
export const resetCodeRules = { lifetimeSeconds: 10 * 60, maxGuesses: 5 } as const;

export function newResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashResetCode(code: string): string {
  return createHash('sha256').update(code.trim()).digest('hex');
}

export function resetCodeMatches(storedHash: string, presented: string): boolean {
  const presentedHash = Buffer.from(hashResetCode(presented), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presentedHash.length && timingSafeEqual(stored, presentedHash);
}

export function resetMail(code: string): { subject: string; text: string } {
  return {
    subject: 'Código para redefinir su contraseña',
    text: [
      'Recibimos un pedido para redefinir la contraseña de su cuenta.',
      '',
      `Su código de verificación es: ${code}`,
      '',
      `El código vence en ${resetCodeRules.lifetimeSeconds / 60} minutos y sirve una sola vez. Si usted no lo pidió, ignore este mensaje.`,
    ].join('\n'),
  };
}

/**
 * The one e-mail a user gets when requests for a reset code of their account were refused by
 * the limits (docs/security.md): nothing to do if it was them; if not, their password is safe.
 */
export function resetBlockedMail(): { subject: string; text: string } {
  return {
    subject: 'Pedidos para redefinir su contraseña bloqueados',
    text: [
      'Recibimos varios pedidos para redefinir la contraseña de su cuenta y bloqueamos los siguientes por una hora.',
      '',
      'Si fue usted, vuelva a intentarlo más tarde. Si no fue usted, puede ignorar este mensaje: su contraseña no cambió y los códigos solo llegan a este correo.',
    ].join('\n'),
  };
}
