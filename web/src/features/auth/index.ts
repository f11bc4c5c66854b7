export { useLogin, login } from './api/login.ts';
export { useLogout, logout } from './api/logout.ts';
export { useMe, getMe } from './api/get-me.ts';
export { authQueryKeys } from './api/auth-query-keys.ts';
export type { SessionUser, SessionCompany, LoginAnswer, LoginCredentials } from './types.ts';
