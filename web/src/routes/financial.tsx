import { InvoicesPage } from '../features/invoices/components/InvoicesPage.tsx';

export default function FinancialRoute() {
  return <InvoicesPage />;
}
