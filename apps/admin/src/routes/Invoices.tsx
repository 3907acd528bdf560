import { useDocumentMeta } from '@prelaunch/ui';
import { InvoiceList } from '../features/invoices';
import { useSite } from '../features/site';

/** Tax Invoices (/admin/invoices): the GST invoices and credit notes of the platform charge. */
export default function Invoices() {
  const site = useSite();
  useDocumentMeta({ title: `${site.title} | Tax Invoices` });
  return (
    <div>
      <h1 className="h3 mb-3">Tax Invoices</h1>
      <InvoiceList />
    </div>
  );
}
