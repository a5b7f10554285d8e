import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookDetail } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { switchLanguage } from '@/lib/i18n/translations';

const ID = 'b0000000-0000-4000-8000-000000000001';
const PHOTOS = ['/images/cover.jpg', '/images/spine.jpg', '/images/inside.jpg'];

function openBook(overrides: Parameters<typeof bookDetail>[0] = {}) {
  stubFetch({ '/api/advertised': { body: [] }, [`/api/books/${ID}`]: { body: bookDetail({ pictures: PHOTOS, picture: PHOTOS[0], ...overrides }) } });
  renderApp(`/books/${ID}`);
}

describe('the book page gallery', () => {
  it('shows the cover large, fetched early, and the thumbnails as lazy buttons', async () => {
    openBook();
    const large = await screen.findByRole('img', { name: 'Gitanjali, photo 1 of 3' });
    expect(large).toHaveAttribute('src', PHOTOS[0]);
    expect(large).toHaveAttribute('fetchpriority', 'high');
    expect(large).not.toHaveAttribute('loading', 'lazy');
    const thumbnails = screen.getByRole('list', { name: 'Photos of this copy' });
    const buttons = within(thumbnails).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['Show photo 1 of 3', 'Show photo 2 of 3', 'Show photo 3 of 3']);
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    for (const image of thumbnails.querySelectorAll('img')) expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('selects a photo with the keyboard: Tab and Enter, then the arrow keys, Home and End', async () => {
    openBook();
    const user = userEvent.setup();
    const second = await screen.findByRole('button', { name: 'Show photo 2 of 3' });
    second.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('img', { name: 'Gitanjali, photo 2 of 3' })).toHaveAttribute('src', PHOTOS[1]);
    expect(second).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Gitanjali, photo 3 of 3' })).toHaveAttribute('src', PHOTOS[2]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show photo 3 of 3' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Gitanjali, photo 1 of 3' })).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Show photo 3 of 3' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show photo 1 of 3' }));
    await user.click(screen.getByRole('button', { name: 'Show photo 2 of 3' }));
    expect(screen.getByRole('img', { name: 'Gitanjali, photo 2 of 3' })).toBeInTheDocument();
  });

  it('shows a single photo without thumbnails, named by the title', async () => {
    openBook({ pictures: ['/images/gitanjali.svg'], picture: '/images/gitanjali.svg' });
    expect(await screen.findByRole('img', { name: 'Gitanjali' })).toHaveAttribute('src', '/images/gitanjali.svg');
    expect(screen.queryByRole('list', { name: 'Photos of this copy' })).not.toBeInTheDocument();
  });
});

describe('the book page copy details', () => {
  it("shows the grade with its definition, the guide of every grade, the language and the ISBN", async () => {
    openBook({ condition: 'good', language: 'bn', isbn: '9789849012344' });
    const condition = await screen.findByRole('region', { name: 'Condition' });
    expect(within(condition).getByText('Condition: Good')).toBeInTheDocument();
    expect(within(condition).getAllByText('Clearly read: a creased spine or worn cover, a few marks or a name written inside; every page there.')[0]).toBeVisible();
    const guide = within(condition).getByText('Condition guide').closest('details');
    expect(guide).not.toHaveAttribute('open');
    await userEvent.setup().click(within(condition).getByText('Condition guide'));
    expect(guide).toHaveAttribute('open');
    expect([...guide!.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Like New', 'Very Good', 'GoodThis copy', 'Acceptable']);

    const about = screen.getByRole('region', { name: 'About this book' });
    expect(within(about).getByText('Bangla')).toBeInTheDocument();
    expect(within(about).getByText('978-984901234-4')).toBeInTheDocument();
  });

  it('says it all in Bangla, the ISBN in Bengali digits', async () => {
    await switchLanguage('bn');
    openBook({ condition: 'acceptable', language: 'en', isbn: '9789849012344' });
    const condition = await screen.findByRole('region', { name: 'অবস্থা' });
    expect(within(condition).getByText('অবস্থা: চলনসই')).toBeInTheDocument();
    expect(within(condition).getByText('অবস্থা বোঝার নির্দেশিকা')).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'বইটি সম্পর্কে' });
    expect(within(about).getByText('ইংরেজি')).toBeInTheDocument();
    expect(within(about).getByText('৯৭৮-৯৮৪৯০১২৩৪-৪')).toBeInTheDocument();
  });
});
