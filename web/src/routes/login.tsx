import { LoginForm } from '../features/auth/components/LoginForm.tsx';

export default function LoginRoute() {
  return <LoginForm />;
}
