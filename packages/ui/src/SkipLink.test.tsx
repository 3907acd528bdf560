import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAIN_ID, SkipLink } from './SkipLink';

describe('SkipLink', () => {
  it('is the first tab stop and moves focus to the main region', async () => {
    const user = userEvent.setup();
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/a">Menu item</a>
        </nav>
        <main id={MAIN_ID} tabIndex={-1}>
          Content
        </main>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
