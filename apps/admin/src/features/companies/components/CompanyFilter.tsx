import { ADMIN_FALLBACK } from '@prelaunch/api';
import { useDebounce, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { companiesQueryOptions } from '../api/companies';

/** The most companies one search offers (the list's largest page). */
const MATCHES = 100;

/**
 * The super admin's company filter: a search box (name, email, token, domain, as Company Manage
 * searches) and the matching companies A–Z, so any company can be chosen however many there are.
 */
export function CompanyFilter({ value, onChange }: { value: string; onChange: (companyId: string) => void }) {
  const [text, setText] = useState('');
  const term = useDebounce(text.trim(), 300);
  const q = useQuery(companiesQueryOptions({ page: 1, limit: MATCHES, ...(term ? { search: term } : {}) }));
  useErrorToast(q.error, ADMIN_FALLBACK.companies);
  // The chosen company stays offered while another search shows other companies.
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const found = [...(q.data?.data.records ?? [])]
    .map((c) => ({ value: c.id, label: c.companyName }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }) || a.value.localeCompare(b.value));
  const keep = value && chosen?.id === value && !found.some((c) => c.value === value) ? [{ value, label: chosen.name }] : [];
  const options = [{ value: '', label: 'All companies' }, ...keep, ...found];
  const more = (q.data?.data.total ?? 0) > found.length;

  return (
    <div className="d-flex flex-wrap align-items-center gap-1" role="group" aria-label="Company filter">
      <input
        type="search"
        className="form-control w-auto"
        style={{ maxWidth: '12rem' }}
        aria-label="Find a company"
        placeholder="Find a company…"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <select
        className="form-select w-auto"
        style={{ maxWidth: '16rem' }}
        aria-label="Company"
        value={value}
        onChange={(e) => {
          const id = e.target.value;
          setChosen(id ? { id, name: options.find((o) => o.value === id)?.label ?? '' } : null);
          onChange(id);
        }}
      >
        {options.map((o) => (
          <option key={o.value || 'ALL'} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {more ? (
        <span className="small text-body-secondary" role="status">
          The first {MATCHES} matches, A–Z: type to narrow.
        </span>
      ) : term && found.length === 0 && !q.isFetching ? (
        <span className="small text-body-secondary" role="status">
          No company matches “{term}”.
        </span>
      ) : null}
    </div>
  );
}
