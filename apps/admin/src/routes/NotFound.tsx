import { NotFound as NotFoundPage, useDocumentMeta } from '@prelaunch/ui';

/** The unknown-route page on the dark page background: light text (contrast ≥ 4.5:1). */
export default function NotFound() {
  useDocumentMeta({ title: 'Page not found' });
  return (
    <div className="pl-page text-light" data-bs-theme="dark">
      <NotFoundPage home="/admin/login" />
    </div>
  );
}
