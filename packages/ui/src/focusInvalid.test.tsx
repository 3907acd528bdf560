import { render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormInput } from './FormInput';
import { focusFirstInvalid, useFocusFirstInvalid } from './focusInvalid';

describe('focusFirstInvalid (issue 28 item 12)', () => {
  it('scrolls the first refused field of the form into view and focuses it', () => {
    const { container } = render(
      <form>
        <FormInput label="Name" />
        <FormInput label="Total supply" error="Total supply is required." />
        <FormInput label="Price" error="Price must be greater than 0." />
      </form>,
    );
    const spy = vi.fn();
    Element.prototype.scrollIntoView = spy;
    const el = focusFirstInvalid(container);
    expect(el).toBe(container.querySelectorAll('input')[1]);
    expect(document.activeElement).toBe(el);
    expect(spy).toHaveBeenCalledOnce();
  });

  it('does nothing when no field is refused', () => {
    const { container } = render(<FormInput label="Name" />);
    expect(focusFirstInvalid(container)).toBeNull();
  });

  it('moves the focus on each new refusal', () => {
    Element.prototype.scrollIntoView = vi.fn();
    function Form({ errors }: { errors: Record<string, string> }) {
      useFocusFirstInvalid(errors);
      const [name, setName] = useState('');
      return (
        <form>
          <FormInput label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <FormInput label="Email" error={errors.email} />
        </form>
      );
    }
    const { rerender, getByLabelText } = render(<Form errors={{ email: 'Please enter a valid email address.' }} />);
    expect(document.activeElement).toBe(getByLabelText('Email'));
    rerender(<Form errors={{ name: 'Name is required.' }} />);
    expect(document.activeElement).toBe(getByLabelText('Name'));
  });
});
