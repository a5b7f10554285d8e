import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '@/lib/i18n/translations';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';

describe('404 page', () => {
  it('answers unknown paths with a way home and a titled tab', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Oops, page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/home');
    expect(document.title).toBe('Page not found · Puronoboi');
  });

  it('thanks the visitor with the exact toast when they report a problem', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    const user = userEvent.setup();
    renderApp('/no/such/page');
    await user.click(screen.getByRole('button', { name: 'Report Problem' }));
    expect(await screen.findByText('Thanks for your feedback. We will solve it as soon as possible.')).toBeInTheDocument();
  });

  it('speaks Bangla: the heading, the way home, the tab title and the thanks, with Bengali digits', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    await switchLanguage('bn');
    const user = userEvent.setup();
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'দুঃখিত, পাতাটি পাওয়া যায়নি' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'হোমে ফিরে যান' })).toHaveAttribute('href', '/home');
    expect(screen.getByText('৪০৪')).toBeInTheDocument();
    expect(document.title).toBe('পাতাটি পাওয়া যায়নি · পুরনো বই');
    // The whole page (the bar and the footer have their own tests; "Puronoboi" is the brand) holds no English.
    expect(screen.getByRole('main').textContent).not.toMatch(/[A-Za-z]{3,}/);
    await user.click(screen.getByRole('button', { name: 'সমস্যা জানান' }));
    expect(await screen.findByText('মতামতের জন্য ধন্যবাদ। যত দ্রুত সম্ভব আমরা সমস্যাটির সমাধান করব।')).toBeInTheDocument();
  });
});
