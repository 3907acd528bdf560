import type { CompanyStatus } from '@prelaunch/api';
import { useSearchParams } from 'react-router';

export const COMPANY_STATUSES = [
  { value: '', label: 'All' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'SUSPENDED', label: 'Suspended' },
] as const;

/**
 * The company list's status filter, kept in the query parameter `status` (like the search), so a
 * company's page and Back return to the same list. Any other value counts as All.
 */
export function useStatusFilter() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: CompanyStatus | '' = raw === 'ACTIVE' || raw === 'SUSPENDED' ? raw : '';
  function setStatus(next: CompanyStatus | '') {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next) p.set('status', next);
        else p.delete('status');
        p.delete('page');
        return p;
      },
    );
  }
  return [status, setStatus] as const;
}
