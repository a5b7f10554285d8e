import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { switchLanguage } from '@/lib/i18n/translations';
import { stubFetch } from '@/test/fetch-stub';
import { bookCard, groups } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const ADVERTISED = bookCard({
  title: 'পথের পাঁচালী',
  author: 'বিভূতিভূষণ বন্দ্যোপাধ্যায়',
  location: 'নীলক্ষেত, ঢাকা',
  resalePrice: 250,
  originalPrice: 1450,
  ratings: 4.8,
  reviews: 312,
});

describe('AdvertisedItems on the landing page', () => {
  it('speaks Bangla, with prices, rating and reviews in Bengali digits', async () => {
    await switchLanguage('bn');
    stubFetch({ '/api/advertised': { body: [ADVERTISED] }, '/api/books/grouped': { body: groups() } });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'বিজ্ঞাপনের বই' });
    expect(within(section).getByRole('heading', { level: 2, name: 'বিজ্ঞাপনের বই' })).toBeInTheDocument();
    expect(within(section).getByText('বিক্রেতাদের বাছাই করা')).toBeInTheDocument();
    const card = await within(section).findByRole('article');
    expect(within(card).getByText('২৫০ ৳')).toBeInTheDocument();
    expect(card.querySelector('del')).toHaveTextContent('মূল দাম ১,৪৫০ ৳');
    expect(within(card).getByText('৪.৮')).toBeInTheDocument();
    expect(within(card).getByText('৩১২টি রিভিউ')).toBeInTheDocument();
    expect(section.textContent).not.toMatch(/[A-Za-z0-9]/);
  });

  it('says in Bangla when the advertised books could not be loaded', async () => {
    await switchLanguage('bn');
    stubFetch({
      '/api/advertised': { status: 503, body: { error: { code: 'unavailable', message: 'Catalogue is resting.' } } },
      '/api/books/grouped': { body: groups() },
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'বিজ্ঞাপনের বই' });
    expect(await within(section).findByRole('heading', { name: 'বিজ্ঞাপনের বইগুলো আনা যায়নি' })).toBeInTheDocument();
  });
});
