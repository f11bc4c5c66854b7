import { hashPassword } from '#auth/password';
import { putPasswordReset, resetPasswordWithCode, spendResetGuess, takeRateSlot } from '#data/guards';
import { getUserByEmail } from '#data/users';
import { AppError } from '#domain/app-error';
import { rateLimits } from '#domain/rate-limits';
import {
  hashResetCode,
  newResetCode,
  resetBlockedMail,
  resetCodeMatches,
  resetCodeRules,
  resetMail,
} from '#domain/reset-code';
import { mailPort } from '#homes/adapters';
import { logAttempt, refusingLimit, spendAttempt } from '../auth/attempts.ts';
import { emailKey } from '../auth/login.ts';

/**
 * The password-reset flow (extended §2.23): asking for a code and using it. The limits apply
 * before the e-mail lookup, so the spec's 404 tells no more than a few times an hour; every
 * attempt is logged without the code or the password (docs/decisions.md, "Security: accounts").
 */

/** Counts the attempt against its limits; a refusal is logged and answered 429. */
async function limited(
  action: 'reset-code' | 'reset-guess',
  fields: { emailKey: string; address: string },
  ...counters: Parameters<typeof spendAttempt>
) {
  try {
    await spendAttempt(...counters);
  } catch (error) {
    logAttempt(action, 'throttled', fields);
    throw error;
  }
}

/**
 * Mails a new code to a known e-mail (404 ERR_NO_USER_FOUND otherwise), within the limits: per
 * address, per e-mail and address, per e-mail (as sign-in counts). When a limit of the e-mail
 * refuses a request, its owner hears it once an hour (resetBlockedMail).
 */
export async function requestResetCode(email: string, address: string): Promise<void> {
  const fields = { emailKey: emailKey(email), address };
  const refused = await refusingLimit(
    [rateLimits.resetCodesPerAddress, address],
    [rateLimits.resetCodesPerEmailAndAddress, `${fields.emailKey}#${address}`],
    [rateLimits.resetCodesPerEmail, fields.emailKey],
  );
  if (refused) {
    logAttempt('reset-code', 'throttled', fields);
    if (refused !== rateLimits.resetCodesPerAddress) await noticeBlockedResets(email, fields);
    throw new AppError('ERR_TOO_MANY_ATTEMPTS');
  }
  const user = await getUserByEmail(email);
  if (!user) {
    logAttempt('reset-code', 'unknown-email', fields);
    throw new AppError('ERR_NO_USER_FOUND');
  }
  const code = newResetCode();
  await putPasswordReset({
    emailKey: fields.emailKey,
    codeHash: hashResetCode(code),
    attempts: 0,
    expiresAt: Math.floor(Date.now() / 1000) + resetCodeRules.lifetimeSeconds,
  });
  await (await mailPort()).send({ to: user.email, ...resetMail(code) });
  logAttempt('reset-code', 'sent', fields);
}

/**
 * Tells a known user that reset requests for their e-mail were refused (someone else may be
 * asking), at most once an hour however many are refused: the notice takes its own rate slot.
 */
async function noticeBlockedResets(email: string, fields: { emailKey: string; address: string }) {
  const user = await getUserByEmail(email);
  if (!user || !(await takeRateSlot(rateLimits.resetBlockedNotices, fields.emailKey))) return;
  await (await mailPort()).send({ to: user.email, ...resetBlockedMail() });
  logAttempt('reset-code', 'blocked-notice-sent', fields);
}

/** Sets a new password with a code, once; a wrong, spent or expired code is ERR_INVALID_RESET_CODE. */
export async function resetPasswordWithGuess(
  email: string,
  code: string,
  newPassword: string,
  address: string,
): Promise<void> {
  const fields = { emailKey: emailKey(email), address };
  await limited(
    'reset-guess',
    fields,
    [rateLimits.resetGuessesPerAddress, address],
    [rateLimits.resetGuessesPerEmail, fields.emailKey],
  );
  // The guess is spent before the comparison, so parallel guesses cannot share one.
  const spent = await spendResetGuess(fields.emailKey, resetCodeRules.maxGuesses);
  if (!spent || !resetCodeMatches(spent.codeHash, code)) {
    logAttempt('reset-guess', spent ? 'wrong-code' : 'no-code-or-exhausted', fields);
    throw new AppError('ERR_INVALID_RESET_CODE');
  }
  const user = await getUserByEmail(email);
  if (!user) throw new AppError('ERR_INVALID_RESET_CODE');
  await resetPasswordWithCode(
    fields.emailKey,
    { codeHash: spent.codeHash, maxGuesses: resetCodeRules.maxGuesses },
    user,
    await hashPassword(newPassword),
  );
  logAttempt('reset-guess', 'accepted', fields);
}
