import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBuyerDto } from '@bindings/AdminBuyerDto';
import { signedInAs } from '@/test/auth';
import { requestsTo, stubFetch } from '@/test/fetch-stub';
import { ADMIN, adminBuyer, pageOf } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const BUYER_DELETED_TOAST = 'Buyer deleted successfully';
const NO_BUYERS = 'No buyers available';

const PATH = '/dashboard/allBuyer';
const KARIM = adminBuyer();
const FARHANA = adminBuyer({ id: 'a0000000-0000-4000-8000-000000000022', name: 'Farhana Akter', email: 'farhana@puronoboi.test', orders: 3 });

function adminWith(buyers: AdminBuyerDto[]) {
  let table = [...buyers];
  return stubFetch({
    ...signedInAs(ADMIN),
    '/api/admin/buyers': () => ({ body: pageOf(table) }),
    [`/api/admin/accounts/${KARIM.id}`]: () => {
      table = table.filter((row) => row.id !== KARIM.id);
      return { status: 204, body: null };
    },
  });
}

async function row(email: string) {
  return within(await screen.findByRole('table', { name: 'Buyers' })).findByRole('row', { name: new RegExp(email) });
}

describe('All Buyer', () => {
  it('lists every buyer with name, e-mail, when they joined and their orders', async () => {
    adminWith([KARIM, FARHANA]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'All Buyer' })).toBeInTheDocument();
    const farhana = await row(FARHANA.email);
    expect(within(farhana).getByText('Farhana Akter')).toBeInTheDocument();
    expect(within(farhana).getByText('2 November 2026')).toBeInTheDocument();
    expect(within(farhana).getByText('3')).toBeInTheDocument();
    expect(within(farhana).getByRole('button', { name: `Delete ${FARHANA.email}` })).toBeInTheDocument();
    expect(within(farhana).queryByRole('button', { name: /^Verify/ })).not.toBeInTheDocument();
  });

  it('shows whether each buyer proved their address', async () => {
    adminWith([KARIM, { ...FARHANA, emailProven: false }]);
    renderApp(PATH);
    expect(await screen.findByRole('columnheader', { name: 'Address' })).toBeInTheDocument();
    expect(within(await row(KARIM.email)).getByText('Proven')).toBeInTheDocument();
    expect(within(await row(FARHANA.email)).getByText('Not proven')).toBeInTheDocument();
  });

  it('deletes a buyer after "Are you sure want to delete {email}?": "Buyer deleted successfully"', async () => {
    const fetchMock = adminWith([KARIM, FARHANA]);
    const user = userEvent.setup();
    renderApp(PATH);
    const deleteButton = within(await row(KARIM.email)).getByRole('button', { name: `Delete ${KARIM.email}` });
    await user.click(deleteButton);
    const dialog = screen.getByRole('alertdialog', { name: `Are you sure want to delete ${KARIM.email}?` });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    expect(requestsTo(fetchMock, `/api/admin/accounts/${KARIM.id}`)).toHaveLength(0);

    await user.click(deleteButton);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(BUYER_DELETED_TOAST)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).queryByRole('row', { name: new RegExp(KARIM.email) })).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, `/api/admin/accounts/${KARIM.id}`)).toMatchObject([{ method: 'DELETE', authorization: `Bearer access-${ADMIN.id}` }]);
  });

  it('says "No buyers available" when there are none', async () => {
    adminWith([]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: NO_BUYERS })).toBeInTheDocument();
  });
});
