import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { SellerScoreDto } from '@bindings/SellerScoreDto';
import { switchLanguage } from '@/lib/i18n/translations';
import { SellerScore, SellerScoreSummary } from './SellerScore';

const ESTABLISHED: SellerScoreDto = { completionRate: 92, completedOrders: 12, reviewAverage: 4.6, reviewCount: 12, newSeller: false };
const NEWCOMER: SellerScoreDto = { completionRate: 100, completedOrders: 1, reviewAverage: 5, reviewCount: 1, newSeller: true };
const UNKNOWN: SellerScoreDto = { completionRate: null, completedOrders: 0, reviewAverage: null, reviewCount: 0, newSeller: true };

function score() {
  return screen.getByRole('list', { name: 'Seller score' });
}

describe('SellerScore', () => {
  it('shows the average with its count and the completion rate', () => {
    render(<SellerScore score={ESTABLISHED} />);
    expect(within(score()).getByTestId('seller-rating')).toHaveTextContent('4.6 (12 reviews)');
    expect(within(score()).getByText('Rated 4.6 out of 5, from 12 reviews')).toBeInTheDocument();
    expect(within(score()).getByText('92% of orders completed')).toBeInTheDocument();
    expect(within(score()).queryByText('New seller')).not.toBeInTheDocument();
  });

  it('marks a new seller; in full, with their rate, compact without it (one or two orders say little)', () => {
    const { unmount } = render(<SellerScore score={NEWCOMER} />);
    expect(within(score()).getByText('New seller')).toBeInTheDocument();
    expect(within(score()).getByText('100% of orders completed')).toBeInTheDocument();
    expect(within(score()).getByTestId('seller-rating')).toHaveTextContent('5.0 (1 review)');
    unmount();
    render(<SellerScore score={NEWCOMER} compact />);
    expect(within(score()).getByText('New seller')).toBeInTheDocument();
    expect(within(score()).queryByText(/of orders completed/)).not.toBeInTheDocument();
  });

  it('says "No reviews yet" in full, and compact only when nothing else is shown', () => {
    const { unmount } = render(<SellerScore score={UNKNOWN} />);
    expect(within(score()).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(score()).queryByText(/of orders completed/)).not.toBeInTheDocument();
    unmount();
    render(<SellerScore score={{ ...ESTABLISHED, reviewAverage: null, reviewCount: 0 }} compact />);
    expect(within(score()).queryByText('No reviews yet')).not.toBeInTheDocument();
    expect(within(score()).getByText('92% of orders completed')).toBeInTheDocument();
  });

  it('links to the seller’s page from the book page', () => {
    render(
      <MemoryRouter>
        <SellerScoreSummary sellerId="seller-1" score={ESTABLISHED} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'See the seller’s page' })).toHaveAttribute('href', '/sellers/seller-1');
  });

  it('writes Bangla numbers in Bengali digits', async () => {
    await switchLanguage('bn');
    render(<SellerScore score={ESTABLISHED} />);
    const list = screen.getByRole('list', { name: 'বিক্রেতার মান' });
    expect(within(list).getByTestId('seller-rating')).toHaveTextContent('৪.৬ (১২টি রিভিউ)');
    expect(within(list).getByText('৯২% অর্ডার সম্পন্ন')).toBeInTheDocument();
  });
});
