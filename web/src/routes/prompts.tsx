import { PromptsPage } from '../features/prompts/components/PromptsPage.tsx';

export default function PromptsRoute() {
  return <PromptsPage />;
}
