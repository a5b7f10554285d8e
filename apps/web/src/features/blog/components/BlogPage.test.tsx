import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { switchLanguage } from '@/lib/i18n/translations';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';

const QUESTIONS = [
  'What are the different ways to manage state in a React application?',
  'How does prototypical inheritance work?',
  'What is a unit test? Why should we write unit tests?',
  'React vs. Angular vs. Vue',
];

/** What each code sample shows (its section's heading, or the article's question), in page order. */
const CODE_SAMPLES = [
  'Local state: useState and useReducer',
  'Global client state: context or a small store',
  'Server state: TanStack Query',
  'URL state: search params',
  'Property lookup and the prototype chain',
  'Object.create, shadowing and own properties',
  'Constructor functions',
  'What a unit test is',
  'At a glance',
];

describe('Blog page', () => {
  it('has the exact title and the four articles with their code samples', () => {
    stubFetch({ '/api/advertised': { body: [] } });
    renderApp('/blog');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Some Important Questions You Should Know About !!' }),
    ).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(4);
    articles.forEach((article, index) => {
      expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent(QUESTIONS[index]!);
      expect(within(article).getByText(`Question ${index + 1}`)).toBeInTheDocument();
    });
    expect(document.querySelectorAll('pre > code').length).toBeGreaterThan(0);
    expect(document.title).toBe('Blog · Puronoboi');
  });

  it('lets a keyboard reach every code sample, each a region named after what it shows', () => {
    stubFetch({ '/api/advertised': { body: [] } });
    renderApp('/blog');
    const samples = [...document.querySelectorAll('pre')];
    expect(samples).toHaveLength(CODE_SAMPLES.length);
    samples.forEach((pre, index) => {
      expect(pre.tabIndex).toBe(0);
      expect(pre).toBe(screen.getByRole('region', { name: `Code example: ${CODE_SAMPLES[index]}` }));
    });
  });

  it('reads in Bangla, numbers in Bengali digits, names from code as the code writes them', async () => {
    stubFetch({ '/api/advertised': { body: [] } });
    await switchLanguage('bn');
    const { container } = renderApp('/blog');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'কিছু গুরুত্বপূর্ণ প্রশ্ন, যেগুলোর উত্তর আপনার জানা থাকা দরকার!!' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^ব্লগ · /);
    expect(screen.getByRole('navigation', { name: 'এই পাতার প্রশ্নগুলো' })).toHaveTextContent('১.');
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(4);
    expect(within(articles[3]!).getByText('প্রশ্ন ৪')).toBeInTheDocument();
    expect(within(articles[3]!).getByRole('heading', { level: 2 })).toHaveTextContent('রিঅ্যাক্ট বনাম অ্যাঙ্গুলার বনাম ভিউ');
    expect(screen.getByRole('heading', { level: 3, name: 'লোকাল স্টেট: useState আর useReducer' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'কোডের উদাহরণ: এক নজরে' })).toHaveTextContent('রিঅ্যাকটিভিটি: সিগন্যাল, zone.js');
    expect(screen.getAllByRole('link', { name: 'প্রশ্নের তালিকায় ফিরে যান' })).toHaveLength(4);

    // No English prose is left: outside the code samples (code is code in every language), only names from code.
    const main = container.querySelector('main')!.cloneNode(true) as HTMLElement;
    main.querySelectorAll('pre').forEach((pre) => pre.remove());
    const codeNames = /useState|useReducer|useEffect|useSearchParams|Zustand|Redux Toolkit|TanStack Query|SWR|RTK Query|React Router|Next\.js|router\.push|\[\[Prototype\]\]|Object\.\w+(\([^)]*\))?|Array\.prototype|__proto__|obj(\.\w+(\(key\))?)?|rabbit(\.eats = false)?|animal(\.eats)?|toString|for\.\.\.in|ES2015|F\.prototype|new F\(\)|class UsedBook extends Book|(typeof )?UsedBook(\.prototype)?|Book(\.prototype)?|'function'|#fields|RxJS|v-if|v-for|Vue Router|Pinia|Nuxt|\b(class|null|undefined|map|this|proto|prototype|in|super|new)\b/g;
    expect(main.textContent!.replace(codeNames, '')).not.toMatch(/[A-Za-z]{2,}/);
  });
});
