import { Link } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import { OriginalPrice, Price } from '@/components/ui/Price';
import { StarRating } from '@/components/ui/StarRating';
import { bengaliDigits, formatDate, formatNumber, formatTaka, formatYear } from '@/lib/format';
import type { Language } from '@/lib/i18n/language';
import { useLanguage } from '@/lib/i18n/translations';
import { formatIsbn } from '@/lib/isbn';
import { BookActions } from './BookActions';
import { BookGallery } from './BookGallery';
import { CopyCondition } from './CopyCondition';
import { SellerBlock } from './SellerBlock';

function Savings({ original, resale, language }: { original: number; resale: number; language: Language }) {
  const { t } = useTranslation('shop');
  if (original <= resale || original <= 0) return null;
  const percent = Math.round(((original - resale) / original) * 100);
  return (
    <span className="badge badge-accent font-semibold">
      {t('book.savings', { amount: formatTaka(original - resale, language), percent: formatNumber(percent, language) })}
    </span>
  );
}

/** Everything a buyer needs to decide on one book. */
export function BookDetails({ book }: { book: BookDetailDto }) {
  const { t } = useTranslation('shop');
  const { t: tCommon } = useTranslation();
  const language = useLanguage();
  const categoryHref = `/category/${book.category.id}`;
  const listedOn = formatDate(book.createdAt, language);
  // The language's words are common texts, read here, outside the markup (where only `t` may name a text).
  const bookLanguage = book.language && { label: tCommon('copy.language'), name: tCommon(`copy.languages.${book.language}`) };

  return (
    <div className="container-page py-8 sm:py-12">
      <nav aria-label={t('book.breadcrumb')} className="breadcrumbs mb-6 text-sm text-base-content/70">
        <ul>
          <li>
            <Link to="/home">{t('book.home')}</Link>
          </li>
          <li>
            <Link to="/shop">{t('book.shop')}</Link>
          </li>
          <li>
            <Link to={categoryHref}>{book.category.name}</Link>
          </li>
          <li>
            <span aria-current="page" className="max-w-48 truncate sm:max-w-none">
              {book.title}
            </span>
          </li>
        </ul>
      </nav>

      <div className="grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:grid-cols-[24rem_minmax(0,1fr)] lg:gap-14">
        <div className="mx-auto w-full max-w-60 sm:max-w-xs md:max-w-none">
          <BookGallery title={book.title} pictures={book.pictures.length > 0 ? book.pictures : [book.picture]} />
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <div className="flex flex-col gap-3">
            <Link to={categoryHref} className="section-eyebrow w-fit hover:underline">
              {book.category.name}
            </Link>
            <h1 className="text-3xl leading-tight font-bold text-primary sm:text-4xl">{book.title}</h1>
            <p className="text-lg text-base-content/80">
              <Trans
                t={t}
                i18nKey="book.by"
                values={{ author: book.author }}
                components={[<span key="author" className="font-semibold text-base-content" />]}
              />
            </p>
            <StarRating ratings={book.ratings} reviews={book.reviews} className="text-base" />
          </div>

          <CopyCondition condition={book.condition} />

          <div className="flex flex-col gap-4 rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <p className="flex flex-col">
                <span className="text-sm text-base-content/60">{t('book.price')}</span>
                <Price amount={book.resalePrice} className="text-3xl font-bold text-primary" />
              </p>
              <p className="flex flex-col">
                <span className="text-sm text-base-content/60">{t('book.newPrice')}</span>
                <OriginalPrice amount={book.originalPrice} className="text-xl" />
              </p>
              <Savings original={book.originalPrice} resale={book.resalePrice} language={language} />
            </div>
            <BookActions book={book} />
          </div>

          <section aria-labelledby="about-heading" className="flex flex-col gap-3">
            <h2 id="about-heading" className="text-2xl font-semibold">
              {t('book.about')}
            </h2>
            {book.description ? (
              <p className="leading-relaxed whitespace-pre-line text-base-content/85">{book.description}</p>
            ) : (
              <p className="text-base-content/60">{t('book.noDescription')}</p>
            )}
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-box bg-base-200/60 p-5 text-sm sm:text-base">
              <dt className="text-base-content/60">{t('book.publishYear')}</dt>
              <dd className="font-medium">
                {book.publishYear === null ? t('book.unknownYear') : formatYear(book.publishYear, language)}
              </dd>
              <dt className="text-base-content/60">{t('book.category')}</dt>
              <dd className="font-medium">
                <Link to={categoryHref} className="link link-primary">
                  {book.category.name}
                </Link>
              </dd>
              <dt className="text-base-content/60">{t('book.author')}</dt>
              <dd className="font-medium">{book.author}</dd>
              {bookLanguage && (
                <>
                  <dt className="text-base-content/60">{bookLanguage.label}</dt>
                  <dd className="font-medium">{bookLanguage.name}</dd>
                </>
              )}
              {book.isbn && (
                <>
                  <dt className="text-base-content/60">{t('book.isbn')}</dt>
                  <dd className="font-medium tabular-nums">{language === 'bn' ? bengaliDigits(formatIsbn(book.isbn)) : formatIsbn(book.isbn)}</dd>
                </>
              )}
              {listedOn && (
                <>
                  <dt className="text-base-content/60">{t('book.listedOn')}</dt>
                  <dd className="font-medium">{listedOn}</dd>
                </>
              )}
            </dl>
          </section>

          <SellerBlock seller={book.seller} />
        </div>
      </div>
    </div>
  );
}
