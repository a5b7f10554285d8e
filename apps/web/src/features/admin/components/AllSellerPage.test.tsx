import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSellerDto } from '@bindings/AdminSellerDto';
import { switchLanguage } from '@/lib/i18n/translations';
import { signedInAs } from '@/test/auth';
import { requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { ADMIN, adminSeller, errorReply, pageOf } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const VERIFIED_TOAST = 'Seller verified';
const NO_SELLERS = 'No sellers available';
const SELLER_DELETED_TOAST = 'Seller deleted successfully';

const PATH = '/dashboard/allSeller';
const TANVIR = adminSeller();
const RAHIM = adminSeller({ id: 'a0000000-0000-4000-8000-000000000012', name: 'Rahim Uddin', email: 'rahim@puronoboi.test', verified: true, listings: 12 });

/** The admin, with the server's seller table kept by the stub. */
function adminWith(sellers: AdminSellerDto[], extra: Record<string, Reply> = {}) {
  let table = [...sellers];
  const routes: Record<string, Reply> = { ...signedInAs(ADMIN), '/api/admin/sellers': () => ({ body: pageOf(table) }) };
  for (const seller of sellers) {
    routes[`/api/admin/sellers/${seller.id}/verify`] = () => {
      table = table.map((row) => (row.id === seller.id ? { ...row, verified: true } : row));
      return { body: { ...seller, verified: true } };
    };
    routes[`/api/admin/accounts/${seller.id}`] = () => {
      table = table.filter((row) => row.id !== seller.id);
      return { status: 204, body: null };
    };
  }
  return stubFetch({ ...routes, ...extra });
}

async function row(email: string) {
  const table = await screen.findByRole('table', { name: 'Sellers' });
  return within(table).findByRole('row', { name: new RegExp(email) });
}

describe('All Seller', () => {
  it('lists every seller with name, e-mail and whether they are verified; Verify only for the unverified', async () => {
    adminWith([TANVIR, RAHIM]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'All Seller' })).toBeInTheDocument();
    const tanvir = await row(TANVIR.email);
    expect(within(tanvir).getByText('Tanvir Ahmed')).toBeInTheDocument();
    expect(within(tanvir).getByText('Not verified')).toBeInTheDocument();
    expect(within(tanvir).getByRole('button', { name: `Verify ${TANVIR.email}` })).toBeInTheDocument();
    const rahim = await row(RAHIM.email);
    expect(within(rahim).getByText('Verified')).toBeInTheDocument();
    expect(within(rahim).queryByRole('button', { name: /^Verify/ })).not.toBeInTheDocument();
    expect(within(rahim).getByRole('button', { name: `Delete ${RAHIM.email}` })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Sellers' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows whether each seller proved their address, on the table and on the phone cards', async () => {
    adminWith([TANVIR, { ...RAHIM, emailProven: true }]);
    renderApp(PATH);
    expect(await screen.findByRole('columnheader', { name: 'Address' })).toBeInTheDocument();
    expect(within(await row(RAHIM.email)).getByText('Proven')).toBeInTheDocument();
    expect(within(await row(TANVIR.email)).getByText('Not proven')).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Sellers' });
    expect(within(cards).getByText('Proven')).toBeInTheDocument();
    expect(within(cards).getByText('Not proven')).toBeInTheDocument();
  });

  it('verifies a seller: "Seller verified" and the row says Verified', async () => {
    const fetchMock = adminWith([TANVIR]);
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row(TANVIR.email)).getByRole('button', { name: `Verify ${TANVIR.email}` }));
    expect(await screen.findByText(VERIFIED_TOAST)).toBeInTheDocument();
    await waitFor(async () => expect(within(await row(TANVIR.email)).getByText('Verified')).toBeInTheDocument());
    expect(within(await row(TANVIR.email)).queryByRole('button', { name: /^Verify/ })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/admin/sellers/${TANVIR.id}/verify`)).toMatchObject([
      { method: 'POST', authorization: `Bearer access-${ADMIN.id}` },
    ]);
  });

  it('asks "Are you sure want to delete {email}?": Cancel keeps the seller, OK deletes them', async () => {
    const fetchMock = adminWith([TANVIR, RAHIM]);
    const user = userEvent.setup();
    renderApp(PATH);
    const question = `Are you sure want to delete ${TANVIR.email}?`;
    await user.click(within(await row(TANVIR.email)).getByRole('button', { name: `Delete ${TANVIR.email}` }));
    await user.click(within(screen.getByRole('alertdialog', { name: question })).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(fetchMock, `/api/admin/accounts/${TANVIR.id}`)).toHaveLength(0);

    await user.click(within(await row(TANVIR.email)).getByRole('button', { name: `Delete ${TANVIR.email}` }));
    await user.click(within(screen.getByRole('alertdialog', { name: question })).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(SELLER_DELETED_TOAST)).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/admin/accounts/${TANVIR.id}`)).toMatchObject([{ method: 'DELETE' }]);
    await waitFor(() => expect(within(screen.getByRole('table')).queryByRole('row', { name: new RegExp(TANVIR.email) })).not.toBeInTheDocument());
    expect(await row(RAHIM.email)).toBeInTheDocument();
  });

  it("shows the server's refusal when an account cannot be deleted", async () => {
    const message = 'An admin account cannot be deleted.';
    adminWith([TANVIR], { [`/api/admin/accounts/${TANVIR.id}`]: errorReply(403, 'cannot_delete_admin', message) });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row(TANVIR.email)).getByRole('button', { name: `Delete ${TANVIR.email}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(SELLER_DELETED_TOAST)).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says "No sellers available" when there are none', async () => {
    adminWith([]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: NO_SELLERS })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's explanation to an account that is not the admin's", async () => {
    const message = 'Only a admin account can manage sellers and buyers; yours is a seller account.';
    stubFetch({ ...signedInAs(ADMIN), '/api/admin/sellers': errorReply(403, 'wrong_role', message) });
    renderApp(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('All Seller in Bangla', () => {
  it('heads, labels and counts in Bangla, with dates and numbers in Bengali digits', async () => {
    await switchLanguage('bn');
    adminWith([TANVIR, { ...RAHIM, emailProven: true }]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'সব বিক্রেতা' })).toBeInTheDocument();
    expect(document.title).toMatch(/^সব বিক্রেতা · /);
    const table = await screen.findByRole('table', { name: 'বিক্রেতারা' });
    const headings = within(table).getAllByRole('columnheader').map((heading) => heading.textContent);
    expect(headings).toEqual(['নাম', 'ই-মেইল', 'অবস্থা', 'ই-মেইল ঠিকানা', 'বই', 'যোগ দিয়েছেন', 'করণীয়']);
    const tanvir = await within(table).findByRole('row', { name: new RegExp(TANVIR.email) });
    expect(within(tanvir).getByText('যাচাই হয়নি')).toBeInTheDocument();
    expect(within(tanvir).getByText('প্রমাণিত নয়')).toHaveAttribute('title', 'ঠিকানাটি যে তাঁর, তা এখনো কেউ প্রমাণ করেননি');
    expect(within(tanvir).getByText('২১')).toBeInTheDocument();
    expect(within(tanvir).getByText('১ নভেম্বর, ২০২৬')).toBeInTheDocument();
    const rahim = within(table).getByRole('row', { name: new RegExp(RAHIM.email) });
    expect(within(rahim).getByText('যাচাই করা')).toBeInTheDocument();
    expect(within(rahim).getByText('প্রমাণিত')).toBeInTheDocument();
    expect(within(rahim).getByText('১২')).toBeInTheDocument();
    // Everything but the names and addresses the accounts hold is in Bangla.
    for (const account of [TANVIR, RAHIM]) {
      const cells = within(table).getByRole('row', { name: new RegExp(account.email) }).querySelectorAll('td:not(.break-all)');
      expect([...cells].map((cell) => cell.textContent).join(' ')).not.toMatch(/[A-Za-z]{3,}/);
    }
  });

  it('verifies and deletes with questions and toasts in Bangla', async () => {
    await switchLanguage('bn');
    adminWith([TANVIR]);
    const user = userEvent.setup();
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'বিক্রেতারা' });
    const tanvir = await within(table).findByRole('row', { name: new RegExp(TANVIR.email) });
    await user.click(within(tanvir).getByRole('button', { name: `যাচাই করুন: ${TANVIR.email}` }));
    expect(await screen.findByText('বিক্রেতা যাচাই করা হয়েছে')).toBeInTheDocument();

    await user.click(within(tanvir).getByRole('button', { name: `মুছে ফেলুন: ${TANVIR.email}` }));
    const dialog = screen.getByRole('alertdialog', { name: `আপনি কি নিশ্চিতভাবে ${TANVIR.email} মুছে ফেলতে চান?` });
    expect(dialog).toHaveAccessibleDescription(
      'তাঁর যেসব বই এখনো বিক্রির জন্য আছে, সেগুলো দোকান থেকে সরে যাবে। তিনি লগআউট হয়ে যাবেন, আর এই অ্যাকাউন্ট দিয়ে কখনো লগইন করতে পারবেন না।',
    );
    await user.click(within(dialog).getByRole('button', { name: 'ঠিক আছে' }));
    expect(await screen.findByText('বিক্রেতাকে সফলভাবে মুছে ফেলা হয়েছে')).toBeInTheDocument();
  });

  it('says there are no sellers in Bangla', async () => {
    await switchLanguage('bn');
    adminWith([]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'কোনো বিক্রেতা নেই' })).toBeInTheDocument();
  });
});
