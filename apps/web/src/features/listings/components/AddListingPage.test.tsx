import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInAs } from '@/test/auth';
import { requestsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { CATEGORY_SUMMARIES, POETRY, SELLER, errorReply, pageOf, sellerBook } from '@/test/fixtures';
import { bengaliDigits } from '@/lib/format';
import { switchLanguage } from '@/lib/i18n/translations';
import { renderApp } from '@/test/render';

const REQUIRED = 'This field is required';
const PICTURE_TYPE_MESSAGE = 'Choose a JPEG, PNG or WebP picture';
const PICTURE_SIZE_MESSAGE = 'The picture is larger than 5 MB: choose a smaller one';
const PRICE_MESSAGE = 'Enter a whole number of taka from 1 to 5,00,000';
const ADDED_TOAST = 'Items added successfully';
const ADDING_TEXT = 'Adding new item. Please wait...';

const PATH = '/dashboard/addAProduct';

function routes(extra: Record<string, Reply> = {}): Record<string, Reply> {
  return {
    ...signedInAs(SELLER),
    '/api/categories': { body: CATEGORY_SUMMARIES },
    '/api/me/books': { body: pageOf([sellerBook()]) },
    ...extra,
  };
}

function png(name = 'cover.png', size = 2048): File {
  const file = new File(['png bytes'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openForm() {
  // The file picker accepts only pictures; the tests also pick what a user could choose with "All files".
  const user = userEvent.setup({ applyAccept: false });
  const utils = renderApp(PATH);
  const form = await screen.findByRole('form', { name: 'Add a product' });
  await within(form).findByRole('option', { name: POETRY.name });
  return { user, form, ...utils };
}

function field(form: HTMLElement, label: string): HTMLInputElement {
  return within(form).getByLabelText(label);
}

/** Fills every required field with something valid. */
async function fillIn(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(field(form, 'Title'), 'Pather Panchali');
  await user.type(field(form, 'Author'), 'Bibhutibhushan Bandyopadhyay');
  await user.selectOptions(field(form, 'Category'), POETRY.name);
  await user.upload(field(form, 'Photos'), png());
  await user.click(within(form).getByRole('radio', { name: 'Good' }));
  await user.type(field(form, 'Original price (৳)'), '450');
  await user.type(field(form, 'Resale price (৳)'), '200');
  await user.type(field(form, 'Phone'), '01712-345678');
  await user.type(field(form, 'Location'), 'Nilkhet, Dhaka');
}

function submit(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  return user.click(within(form).getByRole('button', { name: 'Add Product' }));
}

let created: string[] = [];
let revoked: string[] = [];
beforeEach(() => {
  created = [];
  revoked = [];
  let n = 0;
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:preview-${++n}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => {
    revoked.push(url);
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('Add A Product', () => {
  it("starts with the seller's display name and shows the account's e-mail, read-only", async () => {
    stubFetch(routes());
    const { form } = await openForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeInTheDocument();
    expect(field(form, 'Seller name')).toHaveValue(SELLER.name);
    expect(field(form, 'Email')).toHaveValue(SELLER.email);
    expect(field(form, 'Email')).toHaveAttribute('readonly');
  });

  it('says "This field is required" beside every required field left empty, and sends nothing', async () => {
    const fetchMock = stubFetch(routes());
    const { user, form } = await openForm();
    await user.clear(field(form, 'Seller name'));
    await submit(user, form);

    for (const label of ['Title', 'Author', 'Category', 'Photos', 'Seller name', 'Phone', 'Location', 'Original price (৳)', 'Resale price (৳)']) {
      expect(field(form, label), label).toHaveAttribute('aria-invalid', 'true');
      expect(field(form, label), label).toHaveAccessibleDescription(expect.stringContaining(REQUIRED));
    }
    for (const label of ['Publish year (optional)', 'Ratings (optional)', 'Reviews (optional)', 'Description (optional)']) {
      expect(field(form, label), label).not.toHaveAttribute('aria-invalid');
    }
    expect(within(form).getAllByText(REQUIRED)).toHaveLength(9);
    // No grade is chosen for the seller: the group asks for one.
    expect(within(form).getByRole('group', { name: 'Condition' })).toHaveAccessibleDescription(expect.stringContaining("Choose the book's condition"));
    for (const label of ['Language of the book', 'ISBN (optional)']) {
      expect(field(form, label), label).not.toHaveAttribute('aria-invalid');
    }
    expect(requestsTo(fetchMock, '/api/books')).toHaveLength(0);
  });

  it('lists the categories from the server plus Others, which switches to a free-text category', async () => {
    const fetchMock = stubFetch(routes({ '/api/books': { status: 201, body: sellerBook() } }));
    const { user, form } = await openForm();
    const options = within(field(form, 'Category')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Choose a category', 'Poetry', 'Thrillers & Mysteries', 'Others']);
    expect(within(form).queryByLabelText('New category')).not.toBeInTheDocument();

    await fillIn(user, form);
    await user.selectOptions(field(form, 'Category'), 'Others');
    const newCategory = field(form, 'New category');
    await submit(user, form);
    expect(newCategory).toHaveAccessibleDescription(expect.stringContaining(REQUIRED));
    expect(requestsTo(fetchMock, '/api/books')).toHaveLength(0);

    await user.type(newCategory, 'Travel writing');
    await submit(user, form);
    await screen.findByText(ADDED_TOAST);
    const body = requestsTo(fetchMock, '/api/books')[0]?.body as FormData;
    expect(body.get('newCategory')).toBe('Travel writing');
    expect(body.has('categoryId')).toBe(false);
  });

  it('explains a picture of the wrong type or over 5 MB as soon as it is picked, leaves it out, and previews a good one', async () => {
    const fetchMock = stubFetch(routes());
    const { user, form } = await openForm();
    const picker = field(form, 'Photos');

    await user.upload(picker, new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await within(form).findByText(PICTURE_TYPE_MESSAGE)).toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('list', { name: 'Chosen photos' })).not.toBeInTheDocument();

    await user.upload(picker, png('huge.png', 5 * 1024 * 1024 + 1));
    expect(await within(form).findByText(PICTURE_SIZE_MESSAGE)).toBeInTheDocument();
    expect(within(form).queryByText(PICTURE_TYPE_MESSAGE)).not.toBeInTheDocument();

    await user.upload(picker, png('first.png'));
    await waitFor(() => expect(within(form).queryByText(PICTURE_SIZE_MESSAGE)).not.toBeInTheDocument());
    expect(picker).not.toHaveAttribute('aria-invalid');
    const list = within(form).getByRole('list', { name: 'Chosen photos' });
    expect(list.querySelector('img')).toHaveAttribute('src', 'blob:preview-1');
    expect(within(list).getByText('Cover')).toBeInTheDocument();

    // Removed: its preview's URL is let go.
    await user.click(within(list).getByRole('button', { name: 'Remove photo 1' }));
    expect(within(form).queryByRole('list', { name: 'Chosen photos' })).not.toBeInTheDocument();
    expect(revoked).toEqual(['blob:preview-1']);
    expect(requestsTo(fetchMock, '/api/books')).toHaveLength(0);
  });

  it('takes up to five photos, the first the cover, and orders them with buttons', async () => {
    stubFetch(routes());
    const { user, form } = await openForm();
    await user.upload(field(form, 'Photos'), [png('a.png'), png('b.png'), png('c.png')]);
    const list = await within(form).findByRole('list', { name: 'Chosen photos' });
    const names = () => [...list.querySelectorAll('li')].map((item) => item.dataset.photo);
    expect(names()).toEqual(['a.png', 'b.png', 'c.png']);
    // The cover cannot go earlier, the last photo not later.
    expect(within(list).getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: 'Move photo 3 earlier' }));
    expect(names()).toEqual(['a.png', 'c.png', 'b.png']);
    // Focus follows the photo, and a screen reader hears where it is now.
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(within(form).getByRole('status')).toHaveTextContent('Photo moved: it is now photo 2.');
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['c.png', 'a.png', 'b.png']);
    expect(within(form).getByRole('status')).toHaveTextContent('Photo moved: it is now the cover.');
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Move photo 1 later' }));

    // Three more picked, two fit: the picker goes away at five and says why the third was left out.
    await user.upload(field(form, 'Photos'), [png('d.png'), png('e.png'), png('f.png')]);
    await waitFor(() => expect(names()).toEqual(['c.png', 'a.png', 'b.png', 'd.png', 'e.png']));
    expect(within(form).queryByLabelText('Photos')).not.toBeInTheDocument();
    expect(within(form).getByText('5 of 5 photos')).toBeInTheDocument();
    expect(within(form).getByText('Only 5 photos fit: the others you picked were left out.')).toBeInTheDocument();
  });

  it('checks the ISBN as the server does, before sending', async () => {
    const fetchMock = stubFetch(routes());
    const { user, form } = await openForm();
    await fillIn(user, form);
    const isbn = field(form, 'ISBN (optional)');
    await user.type(isbn, '978-0-306-40615-8');
    await submit(user, form);
    expect(isbn).toHaveAccessibleDescription(expect.stringContaining("This ISBN's last digit does not match: check for a mistyped digit"));
    await user.clear(isbn);
    await user.type(isbn, '12345');
    await submit(user, form);
    await waitFor(() => expect(isbn).toHaveAccessibleDescription(expect.stringContaining('An ISBN has 10 or 13 digits')));
    expect(requestsTo(fetchMock, '/api/books')).toHaveLength(0);
  });

  it('checks phone and prices before sending', async () => {
    const fetchMock = stubFetch(routes());
    const { user, form } = await openForm();
    await fillIn(user, form);
    await user.clear(field(form, 'Phone'));
    await user.type(field(form, 'Phone'), '12345');
    await user.clear(field(form, 'Resale price (৳)'));
    await user.type(field(form, 'Resale price (৳)'), '0');
    await submit(user, form);
    expect(field(form, 'Phone')).toHaveAccessibleDescription('Enter a Bangladesh mobile number, e.g. 01712-345678');
    expect(field(form, 'Resale price (৳)')).toHaveAccessibleDescription(expect.stringContaining(PRICE_MESSAGE));
    expect(requestsTo(fetchMock, '/api/books')).toHaveLength(0);
  });

  it('sends the form as multipart with the picture, shows "Adding new item. Please wait...", then toasts and goes to My Products', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetchMock = stubFetch(routes({ '/api/books': async () => (await held, { status: 201, body: sellerBook() }) }));
    const { user, form, router } = await openForm();
    await fillIn(user, form);
    await user.upload(field(form, 'Photos'), [png('spine.png'), png('inside.png')]);
    await user.type(field(form, 'Ratings (optional)'), '4.5');
    await user.selectOptions(field(form, 'Language of the book'), 'Bangla');
    await user.type(field(form, 'ISBN (optional)'), '৯৭৮-০-৩০৬-৪০৬১৫-৭');
    await submit(user, form);

    expect((await screen.findByText(ADDING_TEXT)).closest('[role="status"]')).not.toBeNull();
    expect(within(form).getByRole('button', { name: 'Add Product' })).toBeDisabled();
    answer();

    expect(await screen.findByText(ADDED_TOAST)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myProducts'));
    const [request] = requestsTo(fetchMock, '/api/books');
    expect(request?.method).toBe('POST');
    expect(request?.authorization).toBe(`Bearer access-${SELLER.id}`);
    const body = request?.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([name]) => name !== 'image'))).toEqual({
      categoryId: POETRY.id,
      title: 'Pather Panchali',
      author: 'Bibhutibhushan Bandyopadhyay',
      sellerName: SELLER.name,
      location: 'Nilkhet, Dhaka',
      phone: '01712-345678',
      originalPrice: '450',
      resalePrice: '200',
      ratings: '4.5',
      condition: 'good',
      language: 'bn',
      isbn: '৯৭৮-০-৩০৬-৪০৬১৫-৭',
    });
    // One `image` field per photo, the cover first.
    expect(body.getAll('image').map((image) => (image as File).name)).toEqual(['cover.png', 'spine.png', 'inside.png']);
  });

  it("puts the server's field messages beside their fields and keeps everything typed, the picture included", async () => {
    stubFetch(
      routes({
        '/api/books': errorReply(422, 'validation_failed', 'title: at most 200 characters are allowed (and 1 more)', {
          title: 'at most 200 characters are allowed, got 240',
          categoryId: 'choose a category from the list',
        }),
      }),
    );
    const { user, form, router } = await openForm();
    await fillIn(user, form);
    await submit(user, form);

    await waitFor(() => expect(field(form, 'Title')).toHaveAccessibleDescription('at most 200 characters are allowed, got 240'));
    expect(field(form, 'Category')).toHaveAccessibleDescription('choose a category from the list');
    expect(field(form, 'Title')).toHaveValue('Pather Panchali');
    expect(field(form, 'Resale price (৳)')).toHaveValue('200');
    expect(within(form).getByRole('list', { name: 'Chosen photos' }).querySelector('li')?.dataset.photo).toBe('cover.png');
    expect(within(form).getByRole('radio', { name: 'Good' })).toBeChecked();
    expect(router.state.location.pathname).toBe(PATH);
    expect(screen.queryByText(ADDED_TOAST)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a 4th new category of the day under the New category field", async () => {
    const limit = 'you can add at most 3 new categories a day: choose one from the list, or add this one tomorrow';
    stubFetch(routes({ '/api/books': errorReply(422, 'validation_failed', `newCategory: ${limit}`, { newCategory: limit }) }));
    const { user, form } = await openForm();
    await fillIn(user, form);
    await user.selectOptions(field(form, 'Category'), 'Others');
    await user.type(field(form, 'New category'), 'Travel writing');
    await submit(user, form);

    await waitFor(() => expect(field(form, 'New category')).toHaveAccessibleDescription(expect.stringContaining(limit)));
    expect(field(form, 'New category')).toHaveAttribute('aria-invalid', 'true');
    expect(field(form, 'New category')).toHaveValue('Travel writing');
    expect(screen.queryByText(ADDED_TOAST)).not.toBeInTheDocument();
  });

  it('puts a refused picture beside the picture field', async () => {
    stubFetch(routes({ '/api/books': errorReply(413, 'image_too_large', 'The picture is larger than 5 MB.') }));
    const { user, form } = await openForm();
    await fillIn(user, form);
    await submit(user, form);
    await waitFor(() => expect(field(form, 'Photos')).toHaveAccessibleDescription(expect.stringContaining('The picture is larger than 5 MB.')));
  });

  it("shows the server's explanation when the account may not list books", async () => {
    const message = 'Only a seller account can list and manage books; yours is a buyer account.';
    stubFetch(routes({ '/api/books': errorReply(403, 'wrong_role', message) }));
    const { user, form, router } = await openForm();
    await fillIn(user, form);
    await submit(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe(PATH);
    expect(field(form, 'Title')).toHaveValue('Pather Panchali');
  });
});

describe('when the categories cannot be loaded', () => {
  it('offers Try again, in the sentence of either language', async () => {
    stubFetch(routes({ '/api/categories': errorReply(503, 'unavailable', 'The service is not answering right now.') }));
    renderApp(PATH);
    const category = await screen.findByLabelText('Category');
    await waitFor(() =>
      expect(category).toHaveAccessibleDescription("We couldn't load the categories. Try again or choose Others and type one."),
      { timeout: 5000 },
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await switchLanguage('bn');
    const hinted = await screen.findByLabelText('ক্যাটাগরি');
    expect(document.getElementById(`${hinted.id}-hint`)).toHaveTextContent(
      'ক্যাটাগরিগুলো আনা যায়নি। আবার চেষ্টা করুন, অথবা "অন্যান্য" বেছে নিয়ে নিজেই লিখুন।',
    );
    expect(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeInTheDocument();
  });
});

describe('Add A Product in Bangla', () => {
  async function openBanglaForm() {
    await switchLanguage('bn');
    const user = userEvent.setup({ applyAccept: false });
    const utils = renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'নতুন বই যোগ করা' });
    await within(form).findByRole('option', { name: POETRY.name });
    return { user, form, ...utils };
  }

  /** Fills every required field in Bangla, prices and phone in Bengali digits, and presses the Bangla submit. */
  async function fillInAndSendInBangla(user: Awaited<ReturnType<typeof openBanglaForm>>['user'], form: HTMLElement) {
    await user.type(field(form, 'বইয়ের নাম'), 'পথের পাঁচালী');
    await user.type(field(form, 'লেখক'), 'বিভূতিভূষণ বন্দ্যোপাধ্যায়');
    await user.selectOptions(field(form, 'ক্যাটাগরি'), POETRY.name);
    await user.upload(field(form, 'ছবি'), png());
    await user.click(within(form).getByRole('radio', { name: 'ভালো' }));
    await user.type(field(form, 'মূল দাম (৳)'), '৪৫০');
    await user.type(field(form, 'বিক্রির দাম (৳)'), '২০০');
    await user.type(field(form, 'ফোন'), '০১৭১২-৩৪৫৬৭৮');
    await user.type(field(form, 'এলাকা'), 'নীলক্ষেত, ঢাকা');
    await user.click(within(form).getByRole('button', { name: 'বই যোগ করুন' }));
  }

  it('labels the page and the form in Bangla, with examples in Bengali digits', async () => {
    stubFetch(routes());
    const { form } = await openBanglaForm();
    expect(screen.getByRole('heading', { level: 1, name: 'বই যোগ করুন' })).toBeInTheDocument();
    expect(document.title).toMatch(/^বই যোগ করুন · /);
    for (const label of ['বইয়ের নাম', 'লেখক', 'ক্যাটাগরি', 'ছবি', 'মূল দাম (৳)', 'বিক্রির দাম (৳)', 'বিক্রেতার নাম', 'ই-মেইল', 'ফোন', 'এলাকা']) {
      expect(field(form, label), label).toBeInTheDocument();
    }
    expect(field(form, 'প্রকাশের বছর (ঐচ্ছিক)')).toHaveAttribute('placeholder', `যেমন: ${bengaliDigits(String(new Date().getFullYear() - 5))}`);
    expect(field(form, 'রেটিং (ঐচ্ছিক)')).toHaveAttribute('placeholder', '০ থেকে ৫');
    expect(field(form, 'ছবি')).toHaveAccessibleDescription(expect.stringContaining('সর্বোচ্চ ৫টি ছবি, JPEG, PNG বা WebP, প্রতিটি সর্বোচ্চ ৫ মেগাবাইট।'));
    const condition = within(form).getByRole('group', { name: 'অবস্থা' });
    expect(within(condition).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['like_new', 'very_good', 'good', 'acceptable']);
    expect(within(condition).getByRole('radio', { name: 'নতুনের মতো' })).toHaveAccessibleDescription('যেন কেউ পড়েনি: কোনো দাগ নেই, বাঁধাই শক্ত, পাতাগুলো পরিষ্কার।');
    expect(within(form).getByRole('option', { name: 'অন্যান্য' })).toBeInTheDocument();
    const legends = [...form.querySelectorAll('legend')].map((legend) => legend.textContent);
    expect(legends).toEqual(['বইটি', 'অবস্থা', 'দাম', 'বিক্রেতা হিসেবে আপনি']);
    expect(within(form).getByRole('button', { name: 'বই যোগ করুন' })).toBeInTheDocument();
  });

  it('explains what is wrong in Bangla, the limits in Bengali digits', async () => {
    const fetchMock = stubFetch(routes());
    const { user, form } = await openBanglaForm();
    await user.type(field(form, 'বিক্রির দাম (৳)'), '০');
    await user.type(field(form, 'প্রকাশের বছর (ঐচ্ছিক)'), '১২০০');
    await user.type(field(form, 'রেটিং (ঐচ্ছিক)'), '৯');
    await user.type(field(form, 'ফোন'), '১২৩৪৫');
    await user.click(within(form).getByRole('button', { name: 'বই যোগ করুন' }));
    await user.upload(field(form, 'ছবি'), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));

    const thisYear = bengaliDigits(String(new Date().getFullYear()));
    expect(field(form, 'বইয়ের নাম')).toHaveAccessibleDescription('এই ঘরটি পূরণ করতে হবে');
    expect(field(form, 'বিক্রির দাম (৳)')).toHaveAccessibleDescription(expect.stringContaining('১ থেকে ৫,০০,০০০ টাকার মধ্যে পুরো টাকার অঙ্ক লিখুন'));
    expect(field(form, 'প্রকাশের বছর (ঐচ্ছিক)')).toHaveAccessibleDescription(`১৪৫০ থেকে ${thisYear} সালের মধ্যে একটি বছর লিখুন`);
    expect(field(form, 'রেটিং (ঐচ্ছিক)')).toHaveAccessibleDescription('০ থেকে ৫-এর মধ্যে রেটিং লিখুন');
    expect(field(form, 'ছবি')).toHaveAccessibleDescription(expect.stringContaining('JPEG, PNG বা WebP ছবি বেছে নিন'));
    const messages = [...form.querySelectorAll('[id$="-error"]')].map((message) => message.textContent).join(' ');
    expect(messages).not.toBe('');
    // The picture formats keep their names; nothing else is in English.
    expect(messages.replace(/JPEG|PNG|WebP/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    expect(requestsTo(fetchMock, '/api/books')).toHaveLength(0);
  });

  it("words the server's refusals in Bangla from their reason codes, the limits in Bengali digits", async () => {
    stubFetch(
      routes({
        '/api/books': errorReply(
          422,
          'validation_failed',
          'title: at most 200 characters are allowed (and 1 more)',
          { title: 'at most 200 characters are allowed, got 240', categoryId: 'choose a category from the list' },
          { title: { code: 'too_long', limit: 200 }, categoryId: { code: 'unknown_category' } },
        ),
      }),
    );
    const { user, form } = await openBanglaForm();
    await fillInAndSendInBangla(user, form);

    await waitFor(() => expect(field(form, 'বইয়ের নাম')).toHaveAccessibleDescription('সর্বোচ্চ ২০০টি অক্ষর'));
    expect(field(form, 'ক্যাটাগরি')).toHaveAccessibleDescription(expect.stringContaining('তালিকা থেকে একটি ক্যাটাগরি বেছে নিন'));
  });

  it('takes prices and a phone typed in Bengali digits, sends Latin ones, and toasts in Bangla', async () => {
    const fetchMock = stubFetch(routes({ '/api/books': { status: 201, body: sellerBook() } }));
    const { user, form, router } = await openBanglaForm();
    await fillInAndSendInBangla(user, form);

    expect(await screen.findByText('বইটি সফলভাবে যোগ হয়েছে')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myProducts'));
    const body = requestsTo(fetchMock, '/api/books')[0]?.body as FormData;
    expect(body.get('originalPrice')).toBe('450');
    expect(body.get('resalePrice')).toBe('200');
    expect(body.get('phone')).toBe('01712-345678');
  });
});
