import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeDto } from '@bindings/MeDto';
import { signedInAs } from '@/test/auth';
import { stubFetch } from '@/test/fetch-stub';
import { switchLanguage } from '@/lib/i18n/translations';
import { ADMIN, BUYER, SELLER, me } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const ALL_LINKS = ['My Orders', 'Wish List', 'Add A Product', 'My Products', 'All Seller', 'All Buyer', 'Categories', 'Reports'];

async function drawerLinks(user: MeDto, name = 'Dashboard') {
  stubFetch(signedInAs(user));
  renderApp('/dashboard');
  const drawer = await screen.findByRole('navigation', { name });
  return within(drawer)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('dashboard drawer', () => {
  it('shows a buyer only My Orders and Wish List', async () => {
    expect(await drawerLinks(BUYER)).toEqual([
      ['My Orders', '/dashboard/myOrders'],
      ['Wish List', '/dashboard/myWishList'],
    ]);
  });

  it('shows a seller only Add A Product and My Products', async () => {
    expect(await drawerLinks(SELLER)).toEqual([
      ['Add A Product', '/dashboard/addAProduct'],
      ['My Products', '/dashboard/myProducts'],
    ]);
  });

  it('shows the admin only All Seller, All Buyer and Categories', async () => {
    expect(await drawerLinks(ADMIN)).toEqual([
      ['All Seller', '/dashboard/allSeller'],
      ['All Buyer', '/dashboard/allBuyer'],
      ['Categories', '/dashboard/categories'],
      ['Reports', '/dashboard/reports'],
    ]);
    const drawer = screen.getByRole('navigation', { name: 'Dashboard' });
    for (const label of ALL_LINKS.slice(0, 4)) expect(within(drawer).queryByText(label)).not.toBeInTheDocument();
  });

  it('opens from "Open dashboard menu" on a phone and closes with Escape', async () => {
    stubFetch(signedInAs(BUYER));
    const user = userEvent.setup();
    renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Open dashboard menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'My Orders' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('dashboard welcome panel', () => {
  it("greets the user by name with their role from the server's account", async () => {
    stubFetch(signedInAs(BUYER));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${BUYER.name}` })).toBeInTheDocument();
    expect(screen.getByText('Buyer', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByText('Seller status')).not.toBeInTheDocument();
    expect(document.title).toBe('Dashboard · Puronoboi');
  });

  it.each([
    [true, 'Verified seller'],
    [false, 'Not verified yet'],
  ])('tells a seller whether they are verified (%s)', async (verified, text) => {
    stubFetch(signedInAs(me({ ...SELLER, verified })));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${SELLER.name}` })).toBeInTheDocument();
    expect(screen.getByText('Seller', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});

describe('the dashboard in Bangla', () => {
  it.each([
    [BUYER, 'ক্রেতা', [['আমার অর্ডার', '/dashboard/myOrders'], ['উইশলিস্ট', '/dashboard/myWishList']]],
    [SELLER, 'বিক্রেতা', [['বই যোগ করুন', '/dashboard/addAProduct'], ['আমার বই', '/dashboard/myProducts']]],
    [
      ADMIN,
      'অ্যাডমিন',
      [
        ['সব বিক্রেতা', '/dashboard/allSeller'],
        ['সব ক্রেতা', '/dashboard/allBuyer'],
        ['ক্যাটাগরি', '/dashboard/categories'],
        ['রিপোর্ট', '/dashboard/reports'],
      ],
    ],
  ])("names the drawer, the account and each of the role's links in Bangla (%#)", async (user, role, links) => {
    await switchLanguage('bn');
    expect(await drawerLinks(user, 'ড্যাশবোর্ড')).toEqual(links);
    const drawer = screen.getByRole('navigation', { name: 'ড্যাশবোর্ড' });
    expect(within(drawer).getByText(`${role} অ্যাকাউন্ট`)).toBeInTheDocument();
    expect(within(drawer).getByRole('list').textContent).not.toMatch(/[A-Za-z]{3,}/);
    expect(within(drawer).getByRole('button', { name: 'ড্যাশবোর্ডের মেনু বন্ধ করুন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ড্যাশবোর্ডের মেনু খুলুন' })).toBeInTheDocument();
  });

  it('welcomes a seller not verified yet in Bangla, with where to start', async () => {
    await switchLanguage('bn');
    stubFetch(signedInAs(me({ ...SELLER, verified: false })));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: `স্বাগতম, ${SELLER.name}` })).toBeInTheDocument();
    expect(document.title).toMatch(/^ড্যাশবোর্ড · /);
    expect(screen.getByText('বিক্রেতা', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByText('এখনো যাচাই হয়নি')).toBeInTheDocument();
    expect(screen.getByText('অ্যাকাউন্টের ধরন')).toBeInTheDocument();
    const start = screen.getByRole('heading', { level: 2, name: 'কোথা থেকে শুরু করবেন' }).parentElement as HTMLElement;
    expect(within(start).getByRole('link', { name: /বই যোগ করুন/ })).toHaveAttribute('href', '/dashboard/addAProduct');
    expect(start.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('follows a switch of language while it is open', async () => {
    stubFetch(signedInAs(ADMIN));
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Dashboard' });
    await switchLanguage('bn');
    const drawer = await screen.findByRole('navigation', { name: 'ড্যাশবোর্ড' });
    expect(within(drawer).getByRole('link', { name: 'সব বিক্রেতা' })).toBeInTheDocument();
  });
});
