import { PageHeader } from '@/components/ui/PageHeader';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BLOG_ARTICLES, BLOG_TITLE, type BlogArticle } from '../articles';

function Article({ article, index }: { article: BlogArticle; index: number }) {
  const headingId = `${article.slug}-title`;
  return (
    <article
      id={article.slug}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70 sm:p-10"
    >
      <p className="section-eyebrow mb-2">Question {index + 1}</p>
      <h2 id={headingId} className="text-2xl leading-snug font-bold text-primary sm:text-3xl">
        {article.question}
      </h2>
      <p className="mt-4 border-l-4 border-accent pl-4 text-lg text-base-content/80">{article.summary}</p>

      <div className="mt-6 flex flex-col gap-7">
        {article.sections.map((section, sectionIndex) => (
          <section key={section.heading ?? sectionIndex} className="flex flex-col gap-3">
            {section.heading && <h3 className="text-xl font-semibold">{section.heading}</h3>}
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="leading-relaxed text-base-content/85">
                {paragraph}
              </p>
            ))}
            {section.code && (
              // Long lines scroll sideways: the block takes focus so a keyboard can scroll it too (arrow keys), and
              // is a named region so a screen reader says what the focused block holds.
              <pre
                tabIndex={0}
                role="region"
                aria-label={`Code example: ${section.heading ?? article.question}`}
                className="overflow-x-auto rounded-field bg-neutral p-4 text-sm leading-relaxed text-neutral-content"
              >
                <code>{section.code}</code>
              </pre>
            )}
          </section>
        ))}
      </div>
      <p className="mt-8">
        <a href="#top-of-blog" className="link link-primary text-sm">
          Back to the questions
        </a>
      </p>
    </article>
  );
}

/** /blog: four short articles for web developers, rendered from articles.ts. */
export function BlogPage() {
  useDocumentTitle('Blog');
  return (
    <>
      <div id="top-of-blog" />
      <PageHeader eyebrow="Blog" title={BLOG_TITLE}>
        <p>Short, practical answers to questions that come up again and again in web development interviews and code reviews.</p>
      </PageHeader>
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-10 py-10 sm:py-14 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="Questions on this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="mb-3 font-semibold">In this post</p>
          <ol className="flex flex-col gap-2 text-sm">
            {BLOG_ARTICLES.map((article, index) => (
              <li key={article.slug} className="flex gap-2">
                <span className="font-semibold text-secondary tabular-nums">{index + 1}.</span>
                <a href={`#${article.slug}`} className="link-hover text-base-content/80 hover:text-primary">
                  {article.question}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-10">
          {BLOG_ARTICLES.map((article, index) => (
            <Article key={article.slug} article={article} index={index} />
          ))}
        </div>
      </div>
    </>
  );
}
