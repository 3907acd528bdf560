import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonLabel } from './ButtonLabel';

describe('ButtonLabel', () => {
  it('shows the idle label when not pending', () => {
    render(<button><ButtonLabel pending={false} idle="BUY NOW" busy="Processing..." /></button>);
    expect(screen.getByRole('button')).toHaveTextContent('BUY NOW');
    expect(screen.queryByRole('status')).toBeNull();
  });
  it('shows the spinner and the busy text while pending', () => {
    render(<button><ButtonLabel pending idle="BUY NOW" busy="Processing..." /></button>);
    expect(screen.getByRole('status')).toHaveTextContent('Processing...');
    expect(screen.getByRole('button')).not.toHaveTextContent('BUY NOW');
  });
  it('keeps the idle text for screen readers when there is no busy text', () => {
    render(<button><ButtonLabel pending idle="Update" /></button>);
    expect(screen.getByRole('status')).toHaveTextContent('Update');
  });
});
