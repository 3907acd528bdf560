import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KycStatusBadge } from './KycStatusBadge';

describe('KycStatusBadge', () => {
  it.each([
    ['NONE', 'Not submitted', 'text-bg-secondary'],
    ['PENDING', 'Pending review', 'text-bg-warning'],
    ['APPROVED', 'Verified', 'text-bg-success'],
    ['REJECTED', 'Rejected', 'text-bg-danger'],
    ['EXPIRED', 'Expired', 'text-bg-danger'],
    [null, 'Not submitted', 'text-bg-secondary'],
  ])('%s reads "%s"', (status, text, cls) => {
    render(<KycStatusBadge status={status} />);
    expect(screen.getByText(text)).toHaveClass(cls);
  });
});
