import { useState } from 'react';
import { CheckoutDialog } from '../features/checkout/components/CheckoutDialog.tsx';
import { InvoicesPage } from '../features/invoices/components/InvoicesPage.tsx';

/** /financeiro: the invoices; PAGAR opens the checkout dialog for that invoice (extended §2.20). */
export default function FinancialRoute() {
  const [paying, setPaying] = useState<number>();
  return (
    <>
      <InvoicesPage onPay={setPaying} />
      {paying !== undefined && <CheckoutDialog invoiceId={paying} onClose={() => setPaying(undefined)} />}
    </>
  );
}
