import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { BLOG_ARTICLES } from '../articles';

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
      expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent(BLOG_ARTICLES[index]!.question);
    });
    expect(document.querySelectorAll('pre > code').length).toBeGreaterThan(0);
  });

  it('lets a keyboard reach every code sample, each a region named after what it shows', () => {
    stubFetch({ '/api/advertised': { body: [] } });
    renderApp('/blog');
    const samples = [...document.querySelectorAll('pre')];
    const withCode = BLOG_ARTICLES.flatMap((article) => article.sections.filter((section) => section.code).map((section) => section.heading ?? article.question));
    expect(samples).toHaveLength(withCode.length);
    samples.forEach((pre, index) => {
      expect(pre.tabIndex).toBe(0);
      expect(pre).toBe(screen.getByRole('region', { name: `Code example: ${withCode[index]}` }));
    });
  });
});
