import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, Flex, Heading, Link, Text, TextField } from '@aws-amplify/ui-react';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { t } from '../../../i18n/index.ts';
import { homePathFor } from '../../../lib/screen-access.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useLogin } from '../api/login.ts';

/** core §2 Sign-up and login: e-mail and password, with the ways to sign-up and password reset. */
export function LoginForm() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  // mutateAsync rather than mutate callbacks: storing the session signs the visitor in, and the
  // guest guard may unmount this form before per-call callbacks would run.
  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let home: string;
    try {
      home = homePathFor((await loginMutation.mutateAsync({ email: email.trim(), password })).user);
    } catch (error) {
      toastError(error);
      return;
    }
    toast.success(t('auth.login.success'));
    // Admins land on the dashboard, agents on the inbox (the guest guard sends them the same way).
    navigate(home, { replace: true });
  }

  return (
    <Flex as="form" direction="column" gap="medium" onSubmit={(event) => void handleSubmit(event)}>
      <Flex direction="column" gap="xxs">
        <Heading level={4}>{t('auth.login.title')}</Heading>
        <Text color="font.secondary" fontSize="small">
          {t('auth.login.subtitle')}
        </Text>
      </Flex>
      <TextField
        label={t('auth.login.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        autoFocus
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        label={t('auth.login.password')}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        showPasswordButtonLabel={t('auth.showPassword')}
        passwordIsHiddenLabel={t('auth.passwordHidden')}
        passwordIsShownLabel={t('auth.passwordShown')}
      />
      <Link as={RouterLink} to="/forgetpsw" fontSize="small" alignSelf="flex-end">
        {t('auth.login.toForgotPassword')}
      </Link>
      <Button
        type="submit"
        variation="primary"
        isFullWidth
        isLoading={loginMutation.isPending}
        loadingText={t('auth.login.submitting')}
      >
        {t('auth.login.submit')}
      </Button>
      <Text textAlign="center" fontSize="small">
        <Link as={RouterLink} to="/signup">
          {t('auth.login.toSignup')}
        </Link>
      </Text>
    </Flex>
  );
}
