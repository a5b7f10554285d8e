import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { groups, POETRY, THRILLERS } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { switchLanguage } from '@/lib/i18n/translations';

describe('Shop page', () => {
  it('groups books by category, each heading linking to its category page', async () => {
    const fetchMock = stubFetch({ '/api/advertised': { body: [] }, '/api/books/grouped': { body: groups() } });
    renderApp('/shop');
    expect(screen.getByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(document.title).toBe('Shop · Puronoboi');
    for (const category of [POETRY, THRILLERS]) {
      const heading = await screen.findByRole('heading', { level: 2, name: category.name });
      expect(heading.querySelector('a')).toHaveAttribute('href', `/category/${category.id}`);
    }
    const bookLinks = screen.getAllByRole('link', { name: 'Sonar Kella' });
    expect(bookLinks).toHaveLength(2); // the cover and the title
    for (const link of bookLinks) expect(link).toHaveAttribute('href', '/books/b0000000-0000-4000-8000-000000000002');
    const groupedCall = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/books/grouped'));
    expect(String(groupedCall?.[0])).toContain('perCategory=24');
  });

  it("tells how many books a category has when the shelf shows only the newest few", async () => {
    stubFetch({ '/api/advertised': { body: [] }, '/api/books/grouped': { body: groups() } });
    renderApp('/shop');
    const thrillers = await screen.findByRole('region', { name: THRILLERS.name });
    expect(thrillers).toHaveTextContent('Showing 1 of 30');
    expect(within(thrillers).getByRole('link', { name: 'See all' })).toHaveAttribute('href', `/category/${THRILLERS.id}`);
    const poetry = screen.getByRole('region', { name: POETRY.name });
    expect(poetry).toHaveTextContent('1 book');
    expect(within(poetry).queryByRole('link', { name: 'See all' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the catalogue cannot load', async () => {
    stubFetch({
      '/api/advertised': { body: [] },
      '/api/books/grouped': { status: 503, body: { error: { code: 'unavailable', message: 'Catalogue is resting.' } } },
    });
    renderApp('/shop');
    expect(await screen.findByText('Catalogue is resting.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Shop page in Bangla', () => {
  it('words the page in Bangla, counting books in Bengali digits', async () => {
    await switchLanguage('bn');
    stubFetch({ '/api/advertised': { body: [] }, '/api/books/grouped': { body: groups() } });
    renderApp('/shop');
    const heading = screen.getByRole('heading', { level: 1, name: 'দোকান' });
    expect(document.title).toMatch(/^দোকান · /);
    const header = heading.closest('header');
    expect(header).toHaveTextContent('ক্যাটাগরি অনুযায়ী সাজানো');
    expect(header?.textContent).not.toMatch(/[A-Za-z0-9]/);

    const thrillers = await screen.findByRole('region', { name: THRILLERS.name });
    expect(thrillers).toHaveTextContent('৩০টির মধ্যে ১টি দেখানো হচ্ছে ·');
    expect(within(thrillers).getByRole('link', { name: 'সব দেখুন' })).toHaveAttribute('href', `/category/${THRILLERS.id}`);
    expect(screen.getByRole('region', { name: POETRY.name })).toHaveTextContent('১টি বই');
    expect(screen.getByRole('navigation', { name: 'ক্যাটাগরি' })).toBeInTheDocument();
  });

  it('says in Bangla that nothing is for sale yet', async () => {
    await switchLanguage('bn');
    stubFetch({ '/api/advertised': { body: [] }, '/api/books/grouped': { body: [] } });
    renderApp('/shop');
    const empty = await screen.findByRole('heading', { level: 2, name: 'বিক্রির জন্য এখনো কোনো বই নেই' });
    expect(empty.parentElement?.textContent).not.toMatch(/[A-Za-z]/);
  });
});
