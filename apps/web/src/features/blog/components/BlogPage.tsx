import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PageHeader } from '@/components/ui/PageHeader';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BLOG_ARTICLES, CODE_NAMES, type BlogArticle } from '../articles';

/** An article's words in the reader's language (the catalogue's `articles.<id>`), code names filled in. */
interface ArticleText {
  question: string;
  summary: string;
  sections: Readonly<Record<string, { heading?: string; paragraphs: readonly string[]; code?: string }>>;
}

function articleText(t: TFunction<'blog'>, article: BlogArticle): ArticleText {
  return t(`articles.${article.id}`, { returnObjects: true, ...CODE_NAMES }) as unknown as ArticleText;
}

function Article({ article, text, index }: { article: BlogArticle; text: ArticleText; index: number }) {
  const { t } = useTranslation('blog');
  const language = useLanguage();
  const headingId = `${article.slug}-title`;
  return (
    <article
      id={article.slug}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-10"
    >
      <p className="section-eyebrow mb-2">{t('page.question', { number: formatNumber(index + 1, language) })}</p>
      <h2 id={headingId} className="text-2xl leading-snug font-bold text-primary sm:text-3xl">
        {text.question}
      </h2>
      <p className="mt-4 border-l-4 border-accent pl-4 text-lg text-base-content/80">{text.summary}</p>

      <div className="mt-6 flex flex-col gap-7">
        {article.sections.map((section) => {
          const words = text.sections[section.id];
          if (!words) return null;
          const code = words.code ?? section.code;
          return (
            <section key={section.id} className="flex flex-col gap-3">
              {words.heading && <h3 className="text-xl font-semibold">{words.heading}</h3>}
              {words.paragraphs.map((paragraph) => (
                <p key={paragraph} className="leading-relaxed text-base-content/85">
                  {paragraph}
                </p>
              ))}
              {code && (
                // Long lines scroll sideways: the block takes focus so a keyboard can scroll it too (arrow keys), and
                // is a named region so a screen reader says what the focused block holds.
                <pre
                  tabIndex={0}
                  role="region"
                  aria-label={t('page.codeExample', { name: words.heading ?? text.question })}
                  className="overflow-x-auto rounded-field bg-neutral p-4 text-sm leading-relaxed text-neutral-content"
                >
                  <code>{code}</code>
                </pre>
              )}
            </section>
          );
        })}
      </div>
      <p className="mt-8">
        <a href="#top-of-blog" className="link link-primary text-sm">
          {t('page.back')}
        </a>
      </p>
    </article>
  );
}

/** /blog: four short articles for web developers, rendered from articles.ts and the blog catalogue. */
export function BlogPage() {
  const { t } = useTranslation('blog');
  const language = useLanguage();
  useDocumentTitle(t('page.documentTitle'));
  const articles = BLOG_ARTICLES.map((article) => ({ article, text: articleText(t, article) }));
  return (
    <>
      <div id="top-of-blog" />
      <PageHeader eyebrow={t('page.eyebrow')} title={t('page.title')}>
        <p>{t('page.lead')}</p>
      </PageHeader>
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-10 py-10 sm:py-14 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label={t('page.tocLabel')} className="lg:sticky lg:top-24 lg:self-start">
          <p className="mb-3 font-semibold">{t('page.tocHeading')}</p>
          <ol className="flex flex-col gap-2 text-sm">
            {articles.map(({ article, text }, index) => (
              <li key={article.slug} className="flex gap-2">
                <span className="font-semibold text-secondary tabular-nums">
                  {t('page.tocNumber', { number: formatNumber(index + 1, language) })}
                </span>
                <a href={`#${article.slug}`} className="link-hover text-base-content/80 hover:text-primary">
                  {text.question}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-10">
          {articles.map(({ article, text }, index) => (
            <Article key={article.slug} article={article} text={text} index={index} />
          ))}
        </div>
      </div>
    </>
  );
}
