import { act, render, screen, waitFor } from '@testing-library/react';
import { toast, type Id } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToasts, toastErrors, toastSuccess } from './toasts';

function phoneWidth(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toasts', () => {
  it('a success clears the error toasts still showing, so no stale error stands beside it', async () => {
    phoneWidth(false);
    render(<AppToasts position="top-right" />);
    let ids: Id[] = [];
    act(() => {
      ids = toastErrors(['Please upload a transaction file before submitting.']);
    });
    expect(await screen.findByText('Please upload a transaction file before submitting.')).toBeInTheDocument();
    const dismiss = vi.spyOn(toast, 'dismiss');
    act(() => toastSuccess('UPI proof submitted successfully.'));
    expect(await screen.findByText('UPI proof submitted successfully.')).toBeInTheDocument();
    expect(dismiss).toHaveBeenCalledWith(ids[0]);
    // The error leaves (its exit animation starts; jsdom never ends it).
    await waitFor(() => expect(document.getElementById(String(ids[0]))?.className).toMatch(/exit/));
  });

  it('sit at the top (right for buyers) on a wide screen, and at the bottom on a phone, off the page heading', async () => {
    phoneWidth(false);
    const wide = render(<AppToasts position="top-right" />);
    act(() => toastErrors(['Wide.']));
    await screen.findByText('Wide.');
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    wide.unmount();
    phoneWidth(true);
    render(<AppToasts position="top-right" />);
    act(() => toastErrors(['Narrow.']));
    await screen.findByText('Narrow.');
    expect(document.querySelector('.Toastify__toast-container--bottom-center')).not.toBeNull();
    expect(document.querySelector('.Toastify__toast-container--top-right')).toBeNull();
  });
});
