import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { switchLanguage } from '@/lib/i18n/translations';
import { signedInAs } from '@/test/auth';
import { stubFetch } from '@/test/fetch-stub';
import { pageOf, SELLER, sellerBook } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const HIDDEN = sellerBook({ status: 'hidden', hiddenReason: 'counterfeit', advertised: true });

function openMyProducts() {
  stubFetch({ ...signedInAs(SELLER), '/api/me/books': { body: pageOf([HIDDEN]) } });
  renderApp('/dashboard/myProducts');
}

describe('A hidden listing in My Products', () => {
  it('says why it is off the shop and where to write, and offers no changes', async () => {
    openMyProducts();
    const row = await screen.findByRole('row', { name: /Gitanjali/ });
    expect(within(row).getByText('Hidden')).toBeInTheDocument();
    const notice = within(row).getByRole('note');
    expect(notice).toHaveTextContent('Hidden: reported as counterfeit. Our team will review it; contact support if this is wrong.');
    expect(within(notice).getByRole('link', { name: 'contact support' })).toHaveAttribute('href', 'mailto:support@puronoboi.com.bd');
    // Neither advertised nor editable while hidden.
    expect(within(row).queryByText('Advertised')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Advertise/ })).not.toBeInTheDocument();
  });

  it('reads in Bangla', async () => {
    await switchLanguage('bn');
    openMyProducts();
    const notes = await screen.findAllByRole('note');
    expect(notes[0]).toHaveTextContent('লুকানো হয়েছে: জাল কপি বলে রিপোর্ট করা হয়েছে। আমাদের টিম বিষয়টি দেখবে; ভুল মনে হলে সাপোর্টে যোগাযোগ করুন।');
  });
});
