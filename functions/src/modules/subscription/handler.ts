import * as z from 'zod';
import { checkoutInputSchema } from '@atende/shared/entities/checkout';
import { getCompany } from '#data/companies';
import { addInvoiceCharge, getInvoice } from '#data/invoices';
import { AppError } from '#domain/app-error';
import {
  chargePaysInvoice,
  originalValue,
  parseInvoiceReference,
  reusableCharge,
} from '#domain/payment-rules';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { applyPayment } from './apply-payment.ts';
import { asaasWebhookSchema, assertAsaasWebhookToken, paidEvents } from './asaas-webhook.ts';
import { paymentProvider } from './provider.ts';
import { logger } from '#observability/logger';

/** What checkout answers: the instant-payment data (extended §2.21) and the charge shown. */
function checkoutAnswer(value: number, provider: string, chargeId: string, payload: string) {
  return { qrcode: { qrcode: payload }, valor: { original: originalValue(value) }, provider, chargeId };
}

/**
 * /api/subscription (extended §2.21, §7 Invoices and checkout): checkout asks the payment
 * provider for an instant-payment (PIX) charge of one of the company's open invoices; the
 * sandbox provider's charges are paid by an explicit call. Both open to a company past due.
 */
export const handler = restModule([
  route({
    method: 'POST',
    path: '/subscription',
    access: 'admin',
    allowBlockedCompany: true,
    body: checkoutInputSchema,
    handler: async ({ principal, body }) => {
      const invoice = await getInvoice(principal.companyId, body.invoiceId);
      if (!invoice) throw new AppError('ERR_NOT_FOUND');
      if (invoice.status === 'paid') throw new AppError('ERR_RECORD_CONFLICT');
      const provider = await paymentProvider();
      // The open charge shown last is shown again (one QR per invoice while it is valid).
      const reused = reusableCharge(invoice, provider.name, new Date());
      if (reused) return checkoutAnswer(invoice.value, provider.name, reused.id, reused.payload);
      const company = await getCompany(principal.companyId);
      const charge = await provider
        .createPixCharge({
          companyId: principal.companyId,
          invoiceId: invoice.id,
          value: invoice.value,
          dueDate: invoice.dueDate,
          description: invoice.detail,
          customer: {
            name:
              [body.firstName, body.lastName].filter(Boolean).join(' ') ||
              company?.billingName ||
              company?.name ||
              'Cliente',
            email: company?.email,
          },
        })
        .catch((error: unknown) => {
          // The provider's own words stay in the log (no key in them); the caller gets the code.
          logger.error('payment provider failed', { provider: provider.name, error: String(error) });
          throw new AppError('ERR_PAYMENT_PROVIDER');
        });
      await addInvoiceCharge(invoice, {
        id: charge.chargeId,
        provider: provider.name,
        value: invoice.value,
        payload: charge.payload,
        ...(charge.expiresAt ? { expiresAt: charge.expiresAt } : {}),
        createdAt: new Date().toISOString(),
      });
      return checkoutAnswer(invoice.value, provider.name, charge.chargeId, charge.payload);
    },
  }),
  route({
    method: 'POST',
    path: '/subscription/sandbox/{chargeId}/pay',
    access: 'admin',
    allowBlockedCompany: true,
    params: z.object({ chargeId: z.string().max(40) }),
    handler: async ({ principal, params }) => {
      if (process.env.SANDBOX_ENABLED !== 'true') throw new AppError('ERR_ROUTE_NOT_FOUND');
      const reference = parseInvoiceReference(params.chargeId);
      // Only the caller's own company's charges; another's is not found.
      if (!reference || reference.companyId !== principal.companyId) throw new AppError('ERR_NOT_FOUND');
      const invoice = await getInvoice(reference.companyId, reference.invoiceId);
      // Only a charge checkout issued for this invoice.
      if (!invoice || !chargePaysInvoice(invoice, params.chargeId)) throw new AppError('ERR_NOT_FOUND');
      return applyPayment(reference, params.chargeId);
    },
  }),
  route({
    method: 'POST',
    path: '/subscription/webhook/asaas',
    access: 'public',
    body: asaasWebhookSchema,
    handler: async ({ headers, body }) => {
      await assertAsaasWebhookToken(headers['asaas-access-token']);
      const reference = parseInvoiceReference(body.payment?.externalReference);
      if (!paidEvents.has(body.event) || !body.payment || !reference) return { received: true };
      const invoice = await getInvoice(reference.companyId, reference.invoiceId);
      // Any charge checkout issued for that invoice pays it (an older QR too), if its value and
      // the value Asaas reports cover the invoice's; applyPayment pays an invoice once.
      if (!invoice || !chargePaysInvoice(invoice, body.payment.id, body.payment.value))
        return { received: true };
      await applyPayment(reference, body.payment.id);
      return { received: true };
    },
  }),
]);
