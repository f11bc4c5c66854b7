import type { PaymentProvider, PixCharge, PixChargeRequest } from '#ports/payment';
import { invoiceReference } from '#domain/payment-rules';

/**
 * The local stand-in for a PIX provider: the charge id is the invoice reference and the payload
 * a text naming it; nothing is sent anywhere. Paying it is an explicit call
 * (POST /subscription/sandbox/{chargeId}/pay), which goes through the same payment code as a
 * provider's verified webhook.
 */
export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  async createPixCharge(request: PixChargeRequest): Promise<PixCharge> {
    const chargeId = invoiceReference(request.companyId, request.invoiceId);
    return { chargeId, payload: `SANDBOXPIX|${chargeId}|${request.value.toFixed(2)}|${request.description}` };
  },
};
