import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, Flex, Heading, Link, Text, TextField } from '@aws-amplify/ui-react';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { passwordResetFormSchema, passwordResetRequestSchema } from '@atende/shared/entities/password-reset';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { t } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useRequestPasswordReset, useResetPassword } from '../api/password-reset.ts';

const passwordLabels = {
  showPasswordButtonLabel: t('auth.showPassword'),
  passwordIsHiddenLabel: t('auth.passwordHidden'),
  passwordIsShownLabel: t('auth.passwordShown'),
};

/**
 * extended §2.23: step 1 sends a code to the e-mail ('Enviar Email'); step 2 takes the code, the
 * new password and its confirmation ('Restablecer contraseña'), then goes to /login.
 */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const requestReset = useRequestPasswordReset();
  const resetPassword = useResetPassword();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  // Step 1 is checked by the request route's schema, step 2 by the reset route's (with step 1's e-mail).
  const emailForm = useSchemaForm(passwordResetRequestSchema, { email: '' });
  const resetForm = useSchemaForm(
    passwordResetFormSchema,
    { token: '', newPassword: '', confirmPassword: '' },
    { input: (values) => ({ ...values, email: emailForm.values.email }) },
  );

  const sendEmail = emailForm.submit(
    async ({ email }) => {
      await requestReset.mutateAsync(email);
      toast.success(t('auth.forgot.emailSent'));
      setStep('reset');
    },
    {
      onError(error) {
        if (error instanceof ApiError && error.status === 404) {
          console.error(error);
          toast.error(t('auth.forgot.emailNotFound'));
        } else {
          emailForm.fail(error);
        }
      },
    },
  );

  const reset = resetForm.submit(
    async (data) => {
      await resetPassword.mutateAsync(data);
      toast.success(t('auth.forgot.resetDone'));
      navigate('/login', { replace: true });
    },
    {
      onError(error) {
        // The spec only logs a failed reset; a toast is added so the visitor knows it did not work.
        console.error(error);
        if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
          toast.error(t('auth.forgot.resetFailed'));
        } else {
          toastError(error);
        }
      },
    },
  );

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      onSubmit={step === 'email' ? sendEmail : reset}
    >
      <Flex direction="column" gap="xxs">
        <Heading level={4}>{t('auth.forgot.title')}</Heading>
        <Text color="font.secondary" fontSize="small">
          {step === 'email' ? t('auth.forgot.stepEmail') : t('auth.forgot.stepReset')}
        </Text>
      </Flex>
      <TextField
        label={t('auth.forgot.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoFocus
        isReadOnly={step === 'reset'}
        {...emailForm.field('email')}
      />
      {step === 'reset' && (
        <>
          <TextField
            label={t('auth.forgot.code')}
            autoComplete="one-time-code"
            {...resetForm.field('token')}
          />
          <PasswordField
            label={t('auth.forgot.newPassword')}
            autoComplete="new-password"
            descriptiveText={t('auth.forgot.passwordHint')}
            {...resetForm.field('newPassword')}
            {...passwordLabels}
          />
          <PasswordField
            label={t('auth.forgot.confirmPassword')}
            autoComplete="new-password"
            {...resetForm.field('confirmPassword')}
            {...passwordLabels}
          />
        </>
      )}
      {step === 'email' ? (
        <Button type="submit" variation="primary" isFullWidth isLoading={requestReset.isPending} loadingText={t('auth.forgot.sending')}>
          {t('auth.forgot.sendEmail')}
        </Button>
      ) : (
        <Flex direction="column" gap="xs">
          <Button type="submit" variation="primary" isFullWidth isLoading={resetPassword.isPending} loadingText={t('auth.forgot.resetting')}>
            {t('auth.forgot.reset')}
          </Button>
          <Button variation="link" size="small" onClick={() => setStep('email')}>
            {t('auth.forgot.changeEmail')}
          </Button>
        </Flex>
      )}
      <Flex justifyContent="space-between" wrap="wrap" gap="xs">
        <Link as={RouterLink} to="/login" fontSize="small">
          {t('auth.backToLogin')}
        </Link>
        <Link as={RouterLink} to="/signup" fontSize="small">
          {t('auth.forgot.toSignup')}
        </Link>
      </Flex>
    </Flex>
  );
}
