import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { switchLanguage } from '@/lib/i18n/translations';
import { PlansBlock } from './PlansBlock';

function renderPlans() {
  render(<PlansBlock />);
  return document.querySelector<HTMLElement>('section[aria-labelledby="plans-heading"]') as HTMLElement;
}

describe('PlansBlock', () => {
  it('shows the three plans of the spec, each with its price and what it gives', () => {
    const plans = renderPlans();
    const standard = within(plans).getByRole('heading', { name: 'Standard Plan' }).closest('li') as HTMLElement;
    expect(within(standard).getByText('225 ৳')).toBeInTheDocument();
    expect(within(standard).getByText('per month')).toBeInTheDocument();
    expect(within(standard).getByText('3 books borrowed at a time')).toBeInTheDocument();
    expect(within(standard).getByText('30% delivery discount')).toBeInTheDocument();
    expect(within(standard).getByText('Selling: 2 books per month')).toBeInTheDocument();
    const popular = within(plans).getByRole('heading', { name: 'Most Popular' }).closest('li') as HTMLElement;
    expect(within(popular).getByText('Selling: 10 per month')).toBeInTheDocument();
    const premium = within(plans).getByRole('heading', { name: 'Premium' }).closest('li') as HTMLElement;
    expect(within(premium).getByText('15 books borrowed at a time')).toBeInTheDocument();
    expect(within(premium).getByText('100% delivery discount')).toBeInTheDocument();
    expect(within(premium).getByText('Selling: unlimited')).toBeInTheDocument();
    expect(within(plans).getAllByText('Coming soon')).toHaveLength(3);
  });

  it('speaks Bangla, with prices, counts and percentages in Bengali digits', async () => {
    await switchLanguage('bn');
    const plans = renderPlans();
    expect(screen.getByRole('heading', { name: 'বেশি পড়ুন, কম খরচ করুন' })).toBeInTheDocument();
    const standard = within(plans).getByRole('heading', { name: 'স্ট্যান্ডার্ড প্ল্যান' }).closest('li') as HTMLElement;
    expect(within(standard).getByText('২২৫ ৳')).toBeInTheDocument();
    expect(within(standard).getByText('প্রতি মাসে')).toBeInTheDocument();
    expect(within(standard).getByText('একসঙ্গে ৩টি বই ধার')).toBeInTheDocument();
    expect(within(standard).getByText('ডেলিভারিতে ৩০% ছাড়')).toBeInTheDocument();
    expect(within(standard).getByText('বিক্রি: মাসে ২টি বই')).toBeInTheDocument();
    const popular = within(plans).getByRole('heading', { name: 'সবচেয়ে জনপ্রিয়' }).closest('li') as HTMLElement;
    expect(within(popular).getByText('৩৫০ ৳')).toBeInTheDocument();
    expect(within(popular).getByText('বিক্রি: মাসে ১০টি')).toBeInTheDocument();
    const premium = within(plans).getByRole('heading', { name: 'প্রিমিয়াম' }).closest('li') as HTMLElement;
    expect(within(premium).getByText('৫৭৫ ৳')).toBeInTheDocument();
    expect(within(premium).getByText('একসঙ্গে ১৫টি বই ধার')).toBeInTheDocument();
    expect(within(premium).getByText('ডেলিভারিতে ১০০% ছাড়')).toBeInTheDocument();
    expect(within(premium).getByText('বিক্রি: সীমাহীন')).toBeInTheDocument();
    expect(within(plans).getAllByText('শিগগিরই আসছে')).toHaveLength(3);
    expect(plans.textContent).not.toMatch(/[A-Za-z0-9]/);
  });
});
