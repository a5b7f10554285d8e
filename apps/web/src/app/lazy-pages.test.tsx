import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { signedOut } from '@/test/auth';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';

// A page's code that cannot be fetched (offline, or a new release replaced the chunk the old page asks for). Until
// the test starts the module has no page at all, so the set-up's preloading of every page leaves it to be fetched.
const chunk = vi.hoisted(() => ({ unreachable: false }));
vi.mock('@/features/blog/components/BlogPage', () => ({
  get BlogPage(): undefined {
    if (chunk.unreachable) throw new Error('Failed to fetch dynamically imported module');
    return undefined;
  },
}));

describe('pages whose code comes on demand', () => {
  it('show the error page inside the layout when their code cannot be fetched, with the navigation still there', async () => {
    chunk.unreachable = true;
    stubFetch(signedOut());
    renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Shop' }).length).toBeGreaterThan(0);
    expect(screen.getByTestId('route-error-message')).toHaveTextContent('Failed to fetch dynamically imported module');
    expect(screen.queryByRole('status', { name: 'Loading the page' })).not.toBeInTheDocument();
  });
});
