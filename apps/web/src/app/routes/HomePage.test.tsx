import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { bookCard, groups, THRILLERS } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';

describe('Landing page', () => {
  it('renders at / and /home with the carousel, services, explore books, plans and contact', async () => {
    const fetchMock = stubFetch({ '/api/advertised': { body: [] }, '/api/books/grouped': { body: groups() } });
    renderApp('/home');
    expect(document.querySelector('[aria-roledescription="carousel"]')).toBeInTheDocument();
    for (const service of ['Used book buying', 'Super easy to order', 'Free delivery']) {
      expect(screen.getByRole('heading', { name: service })).toBeInTheDocument();
    }
    const explore = screen.getByRole('region', { name: /Find your next read/ });
    expect(await within(explore).findByRole('heading', { name: THRILLERS.name })).toBeInTheDocument();
    for (const link of within(explore).getAllByRole('link', { name: 'View More Books' })) {
      expect(link).toHaveAttribute('href', '/shop');
    }
    const groupedCall = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/books/grouped'));
    expect(String(groupedCall?.[0])).toContain('perCategory=4');

    const plans = screen.getByRole('region', { name: 'Read more, spend less' });
    expect(within(plans).getByRole('heading', { name: 'Standard Plan' })).toBeInTheDocument();
    expect(within(plans).getByText('225 ৳')).toBeInTheDocument();
    expect(within(plans).getByText('350 ৳')).toBeInTheDocument();
    expect(within(plans).getByText('575 ৳')).toBeInTheDocument();
    expect(within(plans).getByText('Selling: unlimited')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: /support@puronoboi\.com\.bd/ })).toHaveAttribute(
      'href',
      'mailto:support@puronoboi.com.bd',
    );
    expect(screen.getByRole('link', { name: /\+880 1700-000000/ })).toHaveAttribute('href', 'tel:+8801700000000');
  });

  it('hides Advertised Items when the list is empty', async () => {
    stubFetch({ '/api/advertised': { body: [] }, '/api/books/grouped': { body: groups() } });
    renderApp('/');
    await screen.findByRole('heading', { name: THRILLERS.name });
    expect(screen.queryByRole('heading', { name: 'Advertised Items' })).not.toBeInTheDocument();
  });

  it('shows Advertised Items as cards when sellers advertise', async () => {
    stubFetch({
      '/api/advertised': { body: [bookCard({ title: 'Pather Panchali', resalePrice: 250, reviews: 312 })] },
      '/api/books/grouped': { body: groups() },
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Advertised Items' });
    expect(await within(section).findByText('Pather Panchali', { selector: 'a' })).toBeInTheDocument();
    expect(within(section).getByText('250 ৳')).toBeInTheDocument();
    expect(within(section).getByText('312 reviews')).toBeInTheDocument();
  });
});
