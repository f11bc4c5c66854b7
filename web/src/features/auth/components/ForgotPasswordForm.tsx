import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, Flex, Heading, Link, Text, TextField } from '@aws-amplify/ui-react';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { passwordResetFormSchema, passwordResetRequestSchema } from '@atende/shared/entities/password-reset';
import { t } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { validateForm, type FieldErrors } from '../../../lib/form-validation.ts';
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
 * new password and its confirmation ('Redefinir Senha'), then goes to /login.
 */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const requestReset = useRequestPasswordReset();
  const resetPassword = useResetPassword();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [values, setValues] = useState({ email: '', token: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function sendEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateForm(passwordResetRequestSchema, { email: values.email });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await requestReset.mutateAsync(checked.data.email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        console.error(error);
        toast.error(t('auth.forgot.emailNotFound'));
      } else {
        toastError(error);
      }
      return;
    }
    toast.success(t('auth.forgot.emailSent'));
    setStep('reset');
  }

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateForm(passwordResetFormSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await resetPassword.mutateAsync(checked.data);
    } catch (error) {
      // The spec only logs a failed reset; a toast is added so the visitor knows it did not work.
      console.error(error);
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
        toast.error(t('auth.forgot.resetFailed'));
      } else {
        toastError(error);
      }
      return;
    }
    toast.success(t('auth.forgot.resetDone'));
    navigate('/login', { replace: true });
  }

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      onSubmit={(event) => void (step === 'email' ? sendEmail(event) : reset(event))}
    >
      <Flex direction="column" gap="xxs">
        <Heading level={4}>{t('auth.forgot.title')}</Heading>
        <Text color="font.secondary" fontSize="small">
          {step === 'email' ? t('auth.forgot.stepEmail') : t('auth.forgot.stepReset')}
        </Text>
      </Flex>
      <TextField
        label={t('auth.forgot.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoFocus
        isReadOnly={step === 'reset'}
        value={values.email}
        onChange={(event) => set('email', event.target.value)}
        hasError={!!errors.email}
        errorMessage={errors.email}
      />
      {step === 'reset' && (
        <>
          <TextField
            label={t('auth.forgot.code')}
            name="token"
            autoComplete="one-time-code"
            value={values.token}
            onChange={(event) => set('token', event.target.value)}
            hasError={!!errors.token}
            errorMessage={errors.token}
          />
          <PasswordField
            label={t('auth.forgot.newPassword')}
            name="newPassword"
            autoComplete="new-password"
            descriptiveText={t('auth.forgot.passwordHint')}
            value={values.newPassword}
            onChange={(event) => set('newPassword', event.target.value)}
            hasError={!!errors.newPassword}
            errorMessage={errors.newPassword}
            {...passwordLabels}
          />
          <PasswordField
            label={t('auth.forgot.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => set('confirmPassword', event.target.value)}
            hasError={!!errors.confirmPassword}
            errorMessage={errors.confirmPassword}
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
