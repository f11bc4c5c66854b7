import { AuthScreenFrame } from '../features/auth/components/AuthScreenFrame.tsx';

export default function SignupRoute() {
  return <AuthScreenFrame titleKey="screens.signup" />;
}
