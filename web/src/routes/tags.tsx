import { TagsPage } from '../features/tags/components/TagsPage.tsx';

export default function TagsRoute() {
  return <TagsPage />;
}
