import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResultsDto } from '@bindings/SearchResultsDto';
import { signedOut } from '@/test/auth';
import { bookCard, CATEGORY_SUMMARIES, errorReply, POETRY, THRILLERS } from '@/test/fixtures';
import { stubFetch, type Reply } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { switchLanguage } from '@/lib/i18n/translations';

const NOT_WHOLE = 'Enter a whole number of taka, like 250.';
const UPSIDE_DOWN = 'The lowest price must not be more than the highest.';

/** The books the stub answers: one per query, named after it, so a test can tell which search it sees. */
function answerFor(url: URL, total = 1): SearchResultsDto {
  const query = new URLSearchParams(url.search);
  query.delete('perPage');
  const label = query.toString() || 'everything';
  return {
    items: [bookCard({ id: `b0000000-0000-4000-8000-${String(total).padStart(12, '0')}`, title: `Book for ${label}` })],
    page: Number(url.searchParams.get('page') ?? 1),
    perPage: Number(url.searchParams.get('perPage')),
    total,
  };
}

/** The search API, recording each query string it was asked (perPage left out). */
function searchApi(asked: string[], reply: (url: URL) => SearchResultsDto = (url) => answerFor(url)): Reply {
  return (url) => {
    const query = new URLSearchParams(url.search);
    query.delete('perPage');
    asked.push(query.toString());
    return { body: reply(url) };
  };
}

function routes(asked: string[], reply?: (url: URL) => SearchResultsDto): Record<string, Reply> {
  return { ...signedOut(), '/api/categories': { body: CATEGORY_SUMMARIES }, '/api/search': searchApi(asked, reply) };
}

function filters() {
  return screen.getByRole('region', { name: 'Filters' });
}

function searchOf(router: ReturnType<typeof renderApp>['router']) {
  return Object.fromEntries(new URLSearchParams(router.state.location.search));
}

describe('the search page', () => {
  it('reads every choice from the URL and asks the server for exactly that, 24 to a page', async () => {
    const asked: string[] = [];
    const fetchMock = stubFetch(routes(asked, (url) => answerFor(url, 60)));
    renderApp(`/search?q=apu&categoryId=${POETRY.id}&minPrice=100&maxPrice=300&sort=price_desc&page=2`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “apu”' })).toBeInTheDocument();
    expect(document.title).toBe('apu · Search · Puronoboi');
    expect(await screen.findByRole('heading', { level: 3, name: /^Book for / })).toBeInTheDocument();
    expect(asked).toEqual([`q=apu&categoryId=${POETRY.id}&minPrice=100&maxPrice=300&sort=price_desc&page=2`]);
    const requested = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((url) => url.pathname === '/api/search');
    expect(requested?.searchParams.get('perPage')).toBe('24');
    expect(screen.getByText('60 books match.')).toBeInTheDocument();

    const region = filters();
    await waitFor(() => expect(within(region).getByLabelText('Category')).toHaveValue(POETRY.id));
    expect(within(region).getByRole('option', { name: 'Poetry (12)' })).toBeInTheDocument();
    expect(within(region).getByLabelText('Min price (৳)')).toHaveValue('100');
    expect(within(region).getByLabelText('Max price (৳)')).toHaveValue('300');
    expect(within(region).getByLabelText('Sort by')).toHaveValue('price_desc');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('offers ordering by relevance only when there are words to search for', async () => {
    stubFetch(routes([]));
    renderApp('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'All books' })).toBeInTheDocument();
    const sort = within(filters()).getByLabelText('Sort by');
    expect(sort).toHaveValue('newest');
    expect(within(sort).queryByRole('option', { name: 'Best match' })).not.toBeInTheDocument();
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Newest first',
      'Price: low to high',
      'Price: high to low',
    ]);
  });

  it('writes each choice into the URL, back to the first page, and the back button brings the earlier results back', async () => {
    const asked: string[] = [];
    stubFetch(routes(asked, (url) => answerFor(url, 60)));
    const user = userEvent.setup();
    const { router } = renderApp('/search?q=apu&page=2');
    await screen.findByRole('heading', { name: 'Book for q=apu&page=2' });
    await within(filters()).findByRole('option', { name: 'Thrillers & Mysteries (30)' });

    await user.selectOptions(within(filters()).getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'apu', sort: 'price_asc' }));
    await screen.findByRole('heading', { name: 'Book for q=apu&sort=price_asc' });

    await user.selectOptions(within(filters()).getByLabelText('Category'), THRILLERS.id);
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'apu', categoryId: THRILLERS.id, sort: 'price_asc' }));
    await screen.findByRole('heading', { name: `Book for q=apu&categoryId=${THRILLERS.id}&sort=price_asc` });

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Book for q=apu&sort=price_asc' })).toBeInTheDocument();
    expect(within(filters()).getByLabelText('Category')).toHaveValue('');
    expect(within(filters()).getByLabelText('Sort by')).toHaveValue('price_asc');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Book for q=apu&page=2' })).toBeInTheDocument();
    expect(within(filters()).getByLabelText('Sort by')).toHaveValue('relevance');
    // The earlier pages came from the cache while they were asked for again in the background, never with other choices.
    expect(new Set(asked)).toEqual(new Set(['q=apu&page=2', 'q=apu&sort=price_asc', `q=apu&categoryId=${THRILLERS.id}&sort=price_asc`]));
  });

  it('checks the price range before searching: a clear message, and nothing sent while it is wrong', async () => {
    const asked: string[] = [];
    stubFetch(routes(asked));
    const user = userEvent.setup();
    const { router } = renderApp('/search?q=apu');
    await screen.findByRole('heading', { name: 'Book for q=apu' });
    const min = within(filters()).getByLabelText('Min price (৳)');
    const max = within(filters()).getByLabelText('Max price (৳)');
    const apply = within(filters()).getByRole('button', { name: 'Apply' });

    await user.type(min, '12.5');
    await user.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_WHOLE);
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription(NOT_WHOLE);
    expect(min).toHaveFocus();

    await user.clear(min);
    await user.type(min, '500');
    await user.type(max, '100');
    await user.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent(UPSIDE_DOWN);
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(min).not.toHaveAttribute('aria-invalid');
    expect(searchOf(router)).toEqual({ q: 'apu' });
    expect(asked).toEqual(['q=apu']);

    await user.clear(max);
    await user.type(max, '800{Enter}');
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'apu', minPrice: '500', maxPrice: '800' }));
    await screen.findByRole('heading', { name: 'Book for q=apu&minPrice=500&maxPrice=800' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pages through the results, offering no page past the 10,000 the server counts', async () => {
    stubFetch(routes([], (url) => answerFor(url, 10_000)));
    const user = userEvent.setup();
    const { router } = renderApp('/search?q=a');
    expect(await screen.findByText('10,000 or more books match.')).toBeInTheDocument();
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('Page 1 of 417')).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'a', page: '2' }));
    expect(await screen.findByText('Page 2 of 417')).toBeInTheDocument();
  });

  it('shows placeholder cards while the first results load', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    stubFetch({ ...routes([]), '/api/search': async (url) => (await held, { body: answerFor(url) }) });
    renderApp('/search?q=apu');
    expect(await screen.findByRole('status', { name: 'Loading the results' })).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'Book for q=apu' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the results' })).not.toBeInTheDocument();
  });

  it('says what went wrong and tries again on Retry', async () => {
    let failures = 1;
    stubFetch({
      ...routes([]),
      '/api/search': (url) =>
        failures-- > 0 ? errorReply(400, 'invalid_input', 'The search could not be read.') : { body: answerFor(url) },
    });
    const user = userEvent.setup();
    renderApp('/search?q=apu');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search could not be read.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Book for q=apu' })).toBeInTheDocument();
  });

  it('when nothing matches, says so and suggests the categories with their counts', async () => {
    stubFetch(routes([], (url) => ({ ...answerFor(url), items: [], total: 0 })));
    renderApp('/search?q=zzzz');
    expect(await screen.findByRole('heading', { level: 2, name: 'No books match “zzzz”' })).toBeInTheDocument();
    expect(screen.getByText('0 books match.')).toBeInTheDocument();
    const categories = await screen.findByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: 'Poetry (12)' })).toHaveAttribute('href', `/search?categoryId=${POETRY.id}`);
    expect(within(categories).getByRole('link', { name: 'Thrillers & Mysteries (30)' })).toHaveAttribute('href', `/search?categoryId=${THRILLERS.id}`);
    expect(screen.queryByRole('button', { name: 'Clear filters' }), 'no filters to clear').not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('when filters leave nothing, clears them (keeping the words and the order) with one button', async () => {
    const asked: string[] = [];
    stubFetch(routes(asked, (url) => (url.searchParams.has('categoryId') ? { ...answerFor(url), items: [], total: 0 } : answerFor(url))));
    const user = userEvent.setup();
    const { router } = renderApp(`/search?q=apu&categoryId=${POETRY.id}&maxPrice=50&sort=newest`);
    expect(await screen.findByRole('heading', { name: 'No books match “apu”' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'apu', sort: 'newest' }));
    expect(await screen.findByRole('heading', { name: 'Book for q=apu&sort=newest' })).toBeInTheDocument();
    expect(within(filters()).getByLabelText('Max price (৳)')).toHaveValue('');
  });
});

describe('the search page in Bangla', () => {
  it('words the page and its filters in Bangla, counts and prices in Bengali digits', async () => {
    await switchLanguage('bn');
    stubFetch(routes([], (url) => answerFor(url, 60)));
    renderApp(`/search?q=apu&categoryId=${POETRY.id}&minPrice=100&maxPrice=300&sort=price_desc`);
    const heading = await screen.findByRole('heading', { level: 1, name: '“apu”-এর খোঁজের ফল' });
    expect(document.title).toMatch(/^apu · খোঁজ · /);
    expect(await screen.findByText('৬০টি বই মিলেছে।')).toBeInTheDocument();
    expect(heading.closest('header')?.textContent?.replace('apu', '')).not.toMatch(/[A-Za-z0-9]/);

    const region = screen.getByRole('region', { name: 'ফিল্টার' });
    await waitFor(() => expect(within(region).getByLabelText('ক্যাটাগরি')).toHaveValue(POETRY.id));
    expect(within(region).getByRole('option', { name: 'সব ক্যাটাগরি' })).toBeInTheDocument();
    expect(within(region).getByRole('option', { name: 'Poetry (১২)' })).toBeInTheDocument();
    expect(within(region).getByLabelText('সর্বনিম্ন দাম (৳)')).toHaveValue('১০০');
    expect(within(region).getByLabelText('সর্বোচ্চ দাম (৳)')).toHaveValue('৩০০');
    const sort = within(region).getByLabelText('সাজানোর ক্রম');
    expect(sort).toHaveValue('price_desc');
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'সবচেয়ে বেশি মিল',
      'নতুনগুলো আগে',
      'দাম: কম থেকে বেশি',
      'দাম: বেশি থেকে কম',
    ]);
    expect(within(region).getByRole('button', { name: 'দেখান' })).toBeInTheDocument();
    // Only the categories' names (the admin's words) are in Latin letters.
    const ours = (region.textContent ?? '').replace(POETRY.name, '').replace(THRILLERS.name, '');
    expect(ours).not.toMatch(/[A-Za-z0-9]/);
  });

  it('checks the prices in Bangla, and reads Bengali digits typed in', async () => {
    await switchLanguage('bn');
    const asked: string[] = [];
    stubFetch(routes(asked));
    const user = userEvent.setup();
    const { router } = renderApp('/search?q=apu');
    await screen.findByRole('heading', { name: 'Book for q=apu' });
    const region = screen.getByRole('region', { name: 'ফিল্টার' });
    const min = within(region).getByLabelText('সর্বনিম্ন দাম (৳)');
    const max = within(region).getByLabelText('সর্বোচ্চ দাম (৳)');
    await user.type(min, '12.5');
    await user.click(within(region).getByRole('button', { name: 'দেখান' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('টাকার অঙ্কটি পূর্ণ সংখ্যায় লিখুন, যেমন ২৫০।');
    expect(min).toHaveAccessibleDescription('টাকার অঙ্কটি পূর্ণ সংখ্যায় লিখুন, যেমন ২৫০।');

    await user.clear(min);
    await user.type(max, '৯০০০০০{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('সর্বোচ্চ ৫,০০,০০০ ৳ লিখতে পারেন।');

    await user.clear(max);
    await user.type(min, '৫০০');
    await user.type(max, '৮০০{Enter}');
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'apu', minPrice: '500', maxPrice: '800' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says in Bangla when nothing matches, with the categories counted in Bengali digits', async () => {
    await switchLanguage('bn');
    stubFetch(routes([], (url) => ({ ...answerFor(url), items: [], total: 0 })));
    renderApp(`/search?categoryId=${THRILLERS.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'সব বই' })).toBeInTheDocument();
    const empty = await screen.findByRole('heading', { level: 2, name: 'এই ফিল্টারগুলোর সঙ্গে মেলে এমন কোনো বই নেই' });
    expect(screen.getByText('০টি বই মিলেছে।')).toBeInTheDocument();
    expect(screen.getByText('ফিল্টার ছাড়া খুঁজে দেখুন, অথবা কোনো ক্যাটাগরি ঘুরে দেখুন:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ফিল্টার মুছে দিন' })).toBeInTheDocument();
    const categories = await screen.findByRole('navigation', { name: 'ক্যাটাগরি' });
    expect(within(categories).getByRole('link', { name: 'Thrillers & Mysteries (৩০)' })).toBeInTheDocument();
    const ours = (empty.parentElement?.textContent ?? '').replace(POETRY.name, '').replace(THRILLERS.name, '');
    expect(ours).not.toMatch(/[A-Za-z0-9]/);
  });

  it('counts past what the server counts in Bengali digits', async () => {
    await switchLanguage('bn');
    stubFetch(routes([], (url) => answerFor(url, 10_000)));
    renderApp('/search?q=a');
    expect(await screen.findByText('১০,০০০টি বা তার বেশি বই মিলেছে।')).toBeInTheDocument();
  });
});
