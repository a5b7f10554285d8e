import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '@/lib/i18n/translations';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  it('says "Page X of Y" between Previous and Next, each disabled at its end', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} totalPages={1250} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Page 1 of 1,250')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('speaks Bangla with Bengali digits', async () => {
    await switchLanguage('bn');
    const onPageChange = vi.fn();
    render(<Pagination page={12} totalPages={1250} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'পাতা বাছাই' });
    expect(within(nav).getByText('পাতা ১২ / ১,২৫০')).toBeInTheDocument();
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'আগের পাতা' }));
    expect(onPageChange).toHaveBeenCalledWith(11);
    expect(within(nav).getByRole('button', { name: 'পরের পাতা' })).toBeEnabled();
    expect(nav.textContent).not.toMatch(/[A-Za-z]/);
  });
});
