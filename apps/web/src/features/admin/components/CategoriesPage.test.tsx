import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminCategoryDto } from '@bindings/AdminCategoryDto';
import { switchLanguage } from '@/lib/i18n/translations';
import { signedInAs } from '@/test/auth';
import { requestsTo, stubFetch } from '@/test/fetch-stub';
import { ADMIN, errorReply, pageOf } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const NO_CATEGORIES = 'No categories yet';
const CATEGORY_DELETED_TOAST = 'Category deleted';
const RENAMED_TOAST = 'Category renamed';
const deleteCategoryQuestion = (name: string) => `Delete the category ${name}?`;

const PATH = '/dashboard/categories';

function category(overrides: Partial<AdminCategoryDto> = {}): AdminCategoryDto {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    name: 'Novels',
    books: 4,
    availableBooks: 2,
    createdAt: '2026-11-01T09:00:00+00:00',
    lastUsedAt: '2026-11-20T09:00:00+00:00',
    ...overrides,
  };
}

const NOVELS = category();
const FICTION = category({ id: 'c0000000-0000-4000-8000-000000000002', name: 'Fiction', books: 7, availableBooks: 5 });
const ATLASES = category({ id: 'c0000000-0000-4000-8000-000000000003', name: 'Atlases', books: 0, availableBooks: 0 });

function adminWith(categories: AdminCategoryDto[], extra: Parameters<typeof stubFetch>[0] = {}) {
  let table = [...categories];
  return stubFetch({
    ...signedInAs(ADMIN),
    '/api/admin/categories': () => ({ body: pageOf(table) }),
    [`/api/admin/categories/${NOVELS.id}`]: (_url, init) => {
      const { name } = JSON.parse(String(init.body)) as { name: string };
      table = table.map((row) => (row.id === NOVELS.id ? { ...row, name } : row));
      return { body: { id: NOVELS.id, name } };
    },
    [`/api/admin/categories/${NOVELS.id}/merge`]: () => {
      table = table.filter((row) => row.id !== NOVELS.id).map((row) => (row.id === FICTION.id ? { ...row, books: 11 } : row));
      return { body: { into: { id: FICTION.id, name: FICTION.name }, movedBooks: 4 } };
    },
    [`/api/admin/categories/${ATLASES.id}`]: () => {
      table = table.filter((row) => row.id !== ATLASES.id);
      return { status: 204, body: null };
    },
    ...extra,
  });
}

async function row(name: string) {
  return within(await screen.findByRole('table', { name: 'Categories' })).findByRole('row', { name: new RegExp(`^${name}`) });
}

describe('Categories', () => {
  it('lists every category with its books in every status and those for sale', async () => {
    adminWith([ATLASES, FICTION, NOVELS]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Categories' })).toBeInTheDocument();
    const fiction = await row('Fiction');
    expect(within(fiction).getByText('7')).toBeInTheDocument();
    expect(within(fiction).getByText('5')).toBeInTheDocument();
    expect(within(fiction).getByText('20 November 2026')).toBeInTheDocument();
    for (const action of ['Rename', 'Merge', 'Delete']) {
      expect(within(fiction).getByRole('button', { name: `${action} Fiction` })).toBeInTheDocument();
    }
  });

  it('renames with a form that checks the name, and shows a name another category has beside the field', async () => {
    const fetchMock = adminWith([FICTION, NOVELS]);
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Novels')).getByRole('button', { name: 'Rename Novels' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Novels' });
    const name = within(dialog).getByLabelText('New name');
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
    expect(requestsTo(fetchMock, `/api/admin/categories/${NOVELS.id}`)).toHaveLength(0);

    await user.type(name, 'Bangla novels');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText(RENAMED_TOAST)).toBeInTheDocument();
    expect(await row('Bangla novels')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/admin/categories/${NOVELS.id}`)).toMatchObject([
      { method: 'PATCH', authorization: `Bearer access-${ADMIN.id}`, json: { name: 'Bangla novels' } },
    ]);
  });

  it('explains a taken name beside the name field', async () => {
    adminWith([FICTION, NOVELS], {
      [`/api/admin/categories/${NOVELS.id}`]: errorReply(409, 'category_name_taken', 'Another category is already named "Fiction".'),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Novels')).getByRole('button', { name: 'Rename Novels' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Novels' });
    const name = within(dialog).getByLabelText('New name');
    await user.clear(name);
    await user.type(name, 'fiction');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('Another category is already named "Fiction".')));
    expect(dialog).toBeInTheDocument();
  });

  it('merges into the chosen category after asking, and says how many books moved', async () => {
    const fetchMock = adminWith([FICTION, NOVELS]);
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(within(await row('Novels')).getByRole('button', { name: 'Merge Novels' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Merge Novels?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('All 4 books of Novels'));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(within(dialog).getByLabelText('Merge into')).toHaveAccessibleDescription(expect.stringContaining('Choose the category'));
    const into = within(dialog).getByLabelText('Merge into');
    await within(into).findByRole('option', { name: 'Fiction' });
    expect(within(into).queryByRole('option', { name: 'Novels' })).not.toBeInTheDocument();
    await user.selectOptions(into, 'Fiction');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Category merged: 4 books moved to Fiction')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).queryByRole('row', { name: /^Novels/ })).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, `/api/admin/categories/${NOVELS.id}/merge`)).toMatchObject([{ method: 'POST', json: { into: FICTION.id } }]);
  });

  it('deletes an empty category after asking, and shows why one with books cannot go', async () => {
    const fetchMock = adminWith([ATLASES, NOVELS], {
      [`/api/admin/categories/${NOVELS.id}`]: errorReply(
        409,
        'category_not_empty',
        'This category still holds 4 books (withdrawn ones count). Merge it into another category instead.',
      ),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const novelsDelete = within(await row('Novels')).getByRole('button', { name: 'Delete Novels' });
    await user.click(novelsDelete);
    await user.click(within(screen.getByRole('alertdialog', { name: deleteCategoryQuestion('Novels') })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/still holds 4 books/)).toBeInTheDocument();
    expect(await row('Novels')).toBeInTheDocument();

    const atlasesDelete = within(await row('Atlases')).getByRole('button', { name: 'Delete Atlases' });
    await user.click(atlasesDelete);
    const dialog = screen.getByRole('alertdialog', { name: deleteCategoryQuestion('Atlases') });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(atlasesDelete).toHaveFocus();
    expect(requestsTo(fetchMock, `/api/admin/categories/${ATLASES.id}`)).toHaveLength(0);
    await user.click(atlasesDelete);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(CATEGORY_DELETED_TOAST)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).queryByRole('row', { name: /^Atlases/ })).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, `/api/admin/categories/${ATLASES.id}`)).toMatchObject([{ method: 'DELETE' }]);
  });

  it(`says "${NO_CATEGORIES}" when there are none`, async () => {
    adminWith([]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: NO_CATEGORIES })).toBeInTheDocument();
  });
});

describe('Categories in Bangla', () => {
  it('counts books and dates in Bengali digits and merges with Bangla words', async () => {
    await switchLanguage('bn');
    adminWith([{ ...FICTION, books: 1250, availableBooks: 5 }, NOVELS]);
    const user = userEvent.setup();
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'ক্যাটাগরি' })).toBeInTheDocument();
    expect(screen.getByText(/৩০ দিন কেউ ব্যবহার করেননি/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'ক্যাটাগরি' });
    expect(within(table).getAllByRole('columnheader').map((heading) => heading.textContent)).toEqual([
      'নাম',
      'মোট বই',
      'বিক্রির জন্য',
      'শেষ ব্যবহার',
      'করণীয়',
    ]);
    const fiction = await within(table).findByRole('row', { name: /^Fiction/ });
    expect(within(fiction).getByText('১,২৫০')).toBeInTheDocument();
    expect(within(fiction).getByText('৫')).toBeInTheDocument();
    expect(within(fiction).getByText('২০ নভেম্বর, ২০২৬')).toBeInTheDocument();

    await user.click(within(within(table).getByRole('row', { name: /^Novels/ })).getByRole('button', { name: 'একত্র করুন: Novels' }));
    const dialog = screen.getByRole('alertdialog', { name: '"Novels" একত্র করবেন?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('"Novels" ক্যাটাগরির সব ৪টি বই'));
    await user.click(within(dialog).getByRole('button', { name: 'একত্র করুন' }));
    expect(within(dialog).getByLabelText('যে ক্যাটাগরিতে যাবে')).toHaveAccessibleDescription('বইগুলো কোন ক্যাটাগরিতে যাবে, বেছে নিন');
    const into = within(dialog).getByLabelText('যে ক্যাটাগরিতে যাবে');
    await within(into).findByRole('option', { name: 'Fiction' });
    await user.selectOptions(into, 'Fiction');
    await user.click(within(dialog).getByRole('button', { name: 'একত্র করুন' }));
    expect(await screen.findByText('ক্যাটাগরি একত্র হয়েছে: ৪টি বই "Fiction" ক্যাটাগরিতে গেছে')).toBeInTheDocument();
  });
});
