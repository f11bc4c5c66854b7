import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm.tsx';

export default function ForgotPasswordRoute() {
  return <ForgotPasswordForm />;
}
