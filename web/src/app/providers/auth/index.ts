export { AuthProvider } from './AuthProvider.tsx';
export { useAuth, type AuthValue, type AuthStatus } from './auth-context.ts';
export { usePaymentOnly } from './use-payment-only.ts';
