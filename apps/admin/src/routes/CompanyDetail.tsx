import { useDocumentMeta } from '@prelaunch/ui';
import { useParams } from 'react-router';
import { CompanyDetail } from '../features/companies';

/** One company's page (/superadmin/company/:id). */
export default function CompanyDetailPage() {
  useDocumentMeta({ title: 'Super Admin | Company' });
  const { id = '' } = useParams();
  return <CompanyDetail key={id} id={id} />;
}
