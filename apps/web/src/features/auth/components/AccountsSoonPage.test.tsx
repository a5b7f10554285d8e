import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';

describe('Login and signup placeholders', () => {
  it.each([
    ['/login', 'Log in'],
    ['/signup', 'Create an account'],
  ])('%s says accounts open soon and links back to the shop', (path, heading) => {
    stubFetch({ '/api/advertised': { body: [] } });
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(/Accounts open soon/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/shop');
  });
});
