import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';

describe('404 page', () => {
  it('answers unknown paths with a way home and a titled tab', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Oops, page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/home');
    expect(document.title).toBe('Page not found · Puronoboi');
  });

  it('thanks the visitor with the exact toast when they report a problem', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    const user = userEvent.setup();
    renderApp('/no/such/page');
    await user.click(screen.getByRole('button', { name: 'Report Problem' }));
    expect(await screen.findByText('Thanks for your feedback. We will solve it as soon as possible.')).toBeInTheDocument();
  });
});
