import { ScreenPage } from '../components/ScreenPage.tsx';

export default function PromptsRoute() {
  return <ScreenPage titleKey="screens.prompts" />;
}
