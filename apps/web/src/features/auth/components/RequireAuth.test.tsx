import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { signedInAs, signedOut } from '@/test/auth';
import { stubFetch } from '@/test/fetch-stub';
import { ADMIN, BUYER, EMULATOR_CONFIG, POETRY, SELLER, categoryPage } from '@/test/fixtures';
import { renderApp } from '@/test/render';

describe('route guards', () => {
  it('send a signed-out visitor of /category/{id} to /login, remembering where they were going', async () => {
    stubFetch(signedOut());
    const { router } = renderApp(`/category/${POETRY.id}?page=2`);
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: { pathname: `/category/${POETRY.id}`, search: '?page=2', hash: '' } });
  });

  it.each(['/dashboard', '/dashboard/myOrders', '/dashboard/allSeller', '/dashboard/addAProduct', '/dashboard/payment/x'])(
    'send a signed-out visitor of %s to /login',
    async (path) => {
      stubFetch(signedOut());
      const { router } = renderApp(path);
      await screen.findByRole('form', { name: 'Log in' });
      expect(router.state.location.state).toEqual({ from: { pathname: path, search: '', hash: '' } });
    },
  );

  it('send a buyer who opens a seller page to /login', async () => {
    stubFetch(signedInAs(BUYER));
    const { router } = renderApp('/dashboard/addAProduct');
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: { pathname: '/dashboard/addAProduct', search: '', hash: '' } });
    expect(screen.queryByRole('heading', { name: 'Add A Product' })).not.toBeInTheDocument();
    // The login page says who is signed in and why they are here.
    expect(screen.getByRole('status')).toHaveTextContent(`You are logged in as ${BUYER.email}`);
  });

  it.each([
    ['seller', '/dashboard/allBuyer', SELLER],
    ['admin', '/dashboard/myWishList', ADMIN],
    ['buyer', '/dashboard/allSeller', BUYER],
    ['seller', '/dashboard/payment2/abc', SELLER],
  ] as const)('send a %s who opens %s to /login', async (_role, path, user) => {
    stubFetch(signedInAs(user));
    const { router } = renderApp(path);
    await screen.findByRole('form', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['buyer', '/dashboard/myOrders', 'My Orders', BUYER],
    ['buyer', '/dashboard/myWishList', 'Wish List', BUYER],
    ['buyer', '/dashboard/payment/order-1', 'Payment', BUYER],
    ['buyer', '/dashboard/payment2/book-1', 'Payment', BUYER],
    ['seller', '/dashboard/addAProduct', 'Add A Product', SELLER],
    ['seller', '/dashboard/myProducts', 'My Products', SELLER],
    ['admin', '/dashboard/allSeller', 'All Seller', ADMIN],
    ['admin', '/dashboard/allBuyer', 'All Buyer', ADMIN],
  ] as const)('let a %s open %s', async (_role, path, heading, user) => {
    stubFetch(signedInAs(user));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('let any signed-in user open a category page', async () => {
    stubFetch({ ...signedInAs(SELLER), [`/api/categories/${POETRY.id}/books`]: { body: categoryPage() } });
    renderApp(`/category/${POETRY.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Poetry' })).toBeInTheDocument();
  });

  it('wait with a spinner, not a redirect, while a returning visitor is being signed in', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubFetch({ ...signedInAs(SELLER), '/api/config': async () => (await held, { body: EMULATOR_CONFIG }) });
    const { router } = renderApp('/dashboard/myProducts');
    expect(await screen.findByRole('status', { name: 'Checking your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/myProducts');
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Products' })).toBeInTheDocument();
  });

  it('send a visitor who never signed in to /login at once, without waiting for the configuration', async () => {
    const never = new Promise<never>(() => {});
    stubFetch({ ...signedOut(), '/api/config': async () => never });
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('status', { name: 'Checking your account' })).not.toBeInTheDocument();
  });
});
