/**
 * Port for the instant-payment (PIX) provider behind checkout (extended §2.21, §7). The real
 * adapter is Asaas, whose API token is the platform's `asaas` setting; where the sandbox is
 * enabled (the local runtime) and no token is set, the `sandbox` provider stands in: its charge
 * is paid by a button in the SPA or an API call (POST /subscription/sandbox/{chargeId}/pay).
 */
export interface PixChargeRequest {
  companyId: number;
  invoiceId: number;
  /** In reais. */
  value: number;
  /** yyyy-MM-dd. */
  dueDate: string;
  description: string;
  customer: { name: string; email?: string; cpfCnpj?: string };
}

export interface PixCharge {
  /** The provider's charge id; its webhook names it. */
  chargeId: string;
  /** The PIX copy-and-paste code (shown as a QR picture and copied by the SPA). */
  payload: string;
  /** ISO instant the QR code expires, when the provider says (checkout then issues a new one). */
  expiresAt?: string;
}

export interface PaymentProvider {
  readonly name: 'asaas' | 'sandbox';
  createPixCharge(request: PixChargeRequest): Promise<PixCharge>;
}
