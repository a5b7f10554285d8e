import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { bookCard, groups } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { switchLanguage } from '@/lib/i18n/translations';

describe('/advertise', () => {
  it('redirects to /shop when nothing is advertised', async () => {
    stubFetch({ '/api/advertised': { body: [] }, '/api/books/grouped': { body: groups() } });
    const { router } = renderApp('/advertise');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop');
  });

  it('lists the advertised books under "Advertised Items"', async () => {
    stubFetch({ '/api/advertised': { body: [bookCard(), bookCard({ id: 'x2', title: 'Sonar Kella' })] } });
    const { router } = renderApp('/advertise');
    expect(await screen.findByRole('heading', { level: 1, name: 'Advertised Items' })).toBeInTheDocument();
    const grid = screen.getByTestId('advertised-grid');
    expect(within(grid).getAllByRole('article')).toHaveLength(2);
    expect(grid).toHaveClass('grid-cols-1', 'md:grid-cols-2', 'lg:grid-cols-3');
    expect(router.state.location.pathname).toBe('/advertise');
  });
});

describe('/advertise in Bangla', () => {
  it('heads the advertised books in Bangla', async () => {
    await switchLanguage('bn');
    stubFetch({ '/api/advertised': { body: [bookCard()] } });
    renderApp('/advertise');
    const heading = await screen.findByRole('heading', { level: 1, name: 'বিজ্ঞাপনের বই' });
    expect(document.title).toMatch(/^বিজ্ঞাপনের বই · /);
    const header = heading.closest('header');
    expect(header).toHaveTextContent('বিক্রেতাদের বাছাই করা');
    expect(header?.textContent).not.toMatch(/[A-Za-z0-9]/);
  });
});
