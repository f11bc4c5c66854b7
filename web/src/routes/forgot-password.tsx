import { AuthScreenFrame } from '../features/auth/components/AuthScreenFrame.tsx';

export default function ForgotPasswordRoute() {
  return <AuthScreenFrame titleKey="screens.forgotPassword" />;
}
