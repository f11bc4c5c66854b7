import { useMutation } from '@tanstack/react-query';
import type { SignupInput } from '@atende/shared/entities/company';
import { api } from '../../../lib/api-client.ts';

/** POST /companies/cadastro (public): the company sign-up; the phone goes as digits. */
export function signup(payload: SignupInput) {
  return api.post<{ id: number; name: string }>('/companies/cadastro', payload);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
