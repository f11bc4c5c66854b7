import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** Reset codes: six digits, valid 15 minutes, five wrong guesses at most, stored only as a hash. */
export const resetCodeRules = { lifetimeSeconds: 15 * 60, maxWrongGuesses: 5 } as const;

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
      'El código vence en 15 minutos y sirve una sola vez. Si usted no lo pidió, ignore este mensaje.',
    ].join('\n'),
  };
}
