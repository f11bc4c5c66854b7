import { FileListsPage } from '../features/files/components/FileListsPage.tsx';

export default function FilesRoute() {
  return <FileListsPage />;
}
