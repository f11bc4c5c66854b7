import { ScreenPage } from '../components/ScreenPage.tsx';

export default function FinancialRoute() {
  return <ScreenPage titleKey="screens.financial" />;
}
