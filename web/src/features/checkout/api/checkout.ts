import { useMutation } from '@tanstack/react-query';
import type { CheckoutAddress, CheckoutPlan } from '@atende/shared/entities/checkout';
import { api } from '../../../lib/api-client.ts';

/** The instant-payment answer of POST /subscription; `provider` tells the sandbox apart. */
export interface CheckoutAnswer {
  qrcode: { qrcode: string };
  valor: { original: string };
  provider?: string;
  chargeId?: string;
}

/** POST /subscription (extended §7): the form, the plan serialised as JSON text, and the invoice. */
export function postCheckout(address: CheckoutAddress, plan: CheckoutPlan, invoiceId: number) {
  return api.post<CheckoutAnswer>('/subscription', {
    ...address,
    nameOnCard: '',
    cardNumber: '',
    cvv: '',
    invoiceId,
    plan: JSON.stringify(plan),
    price: plan.price,
    users: plan.users,
    connections: plan.connections,
  });
}

export function useCheckout() {
  return useMutation({
    mutationFn: (input: { address: CheckoutAddress; plan: CheckoutPlan; invoiceId: number }) =>
      postCheckout(input.address, input.plan, input.invoiceId),
  });
}

/** POST /subscription/sandbox/{chargeId}/pay: the local provider's stand-in for the customer paying. */
export function useSandboxPay() {
  return useMutation({
    mutationFn: (chargeId: string) =>
      api.post<unknown>(`/subscription/sandbox/${encodeURIComponent(chargeId)}/pay`),
  });
}
