import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { switchLanguage } from '@/lib/i18n/translations';
import { stubFetch } from '@/test/fetch-stub';
import { bookCard, POETRY, THRILLERS } from '@/test/fixtures';
import { renderApp } from '@/test/render';

/** Two shelves, categories and books named in Bangla (as sellers may write them). */
function banglaGroups() {
  return [
    {
      category: { ...POETRY, name: 'কবিতা' },
      bookCount: 1,
      books: [bookCard({ title: 'গীতাঞ্জলি', author: 'রবীন্দ্রনাথ ঠাকুর', location: 'ঢাকা', resalePrice: 1250 })],
    },
    {
      category: { ...THRILLERS, name: 'রহস্য' },
      bookCount: 30,
      books: [
        bookCard({
          id: 'b0000000-0000-4000-8000-000000000002',
          title: 'সোনার কেল্লা',
          author: 'সত্যজিৎ রায়',
          location: 'ঢাকা',
          reviews: 1,
        }),
      ],
    },
  ];
}

describe('ExploreBooks on the landing page', () => {
  it('names each "See all" link after its shelf', async () => {
    stubFetch({ '/api/advertised': { body: [] }, '/api/books/grouped': { body: banglaGroups() } });
    renderApp('/');
    const explore = screen.getByRole('region', { name: 'Find your next read by category' });
    const seeAll = await within(explore).findByRole('link', { name: 'See all রহস্য books' });
    expect(seeAll).toHaveTextContent(/^See all$/);
    expect(seeAll).toHaveAttribute('href', `/category/${THRILLERS.id}`);
    expect(within(explore).getByText('Explore books')).toBeInTheDocument();
    expect(within(explore).getByText('1 review')).toBeInTheDocument();
  });

  it('speaks Bangla, with prices and counts in Bengali digits', async () => {
    await switchLanguage('bn');
    stubFetch({ '/api/advertised': { body: [] }, '/api/books/grouped': { body: banglaGroups() } });
    renderApp('/');
    const explore = screen.getByRole('region', { name: 'ক্যাটাগরি ধরে খুঁজে নিন পরের বই' });
    expect(await within(explore).findByRole('heading', { name: 'রহস্য' })).toBeInTheDocument();
    expect(within(explore).getByText('বই ঘুরে দেখুন')).toBeInTheDocument();
    const seeAll = within(explore).getByRole('link', { name: 'সব দেখুন: রহস্য' });
    expect(seeAll).toHaveTextContent(/^সব দেখুন$/);
    for (const more of within(explore).getAllByRole('link', { name: 'আরও বই দেখুন' })) {
      expect(more).toHaveAttribute('href', '/shop');
    }
    expect(within(explore).getByText('১,২৫০ ৳')).toBeInTheDocument();
    expect(within(explore).getByText('১টি রিভিউ')).toBeInTheDocument();
    expect(explore.textContent).not.toMatch(/[A-Za-z0-9]/);
  });
});
