import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

/**
 * The copy's photos: the selected one large (the cover at first), the others as small buttons below it. Only the cover
 * is fetched at once and early; the thumbnails wait until they are near the screen, and another photo is fetched
 * large only when chosen, so a phone on slow data pays for the cover alone. Tab reaches each thumbnail (Enter or
 * Space shows it); the arrow keys, Home and End move between them and show the photo reached.
 */
export function BookGallery({ title, pictures }: { title: string; pictures: readonly string[] }) {
  const { t } = useTranslation('shop');
  const language = useLanguage();
  const [selected, setSelected] = useState(0);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const total = pictures.length;
  const shown = Math.min(selected, Math.max(total - 1, 0));
  const main = pictures[shown];
  const count = { total: formatNumber(total, language) };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: total - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const wrapped = (next + total) % total;
    setSelected(wrapped);
    thumbnails.current[wrapped]?.focus();
  };

  return (
    <div className="flex flex-col gap-3 md:sticky md:top-24">
      <div className="overflow-hidden rounded-box bg-base-200 shadow-lift ring-1 ring-base-300/70">
        {main && (
          <img
            key={main}
            src={main}
            alt={total > 1 ? t('book.photoAlt', { title, number: formatNumber(shown + 1, language), ...count }) : title}
            fetchPriority={shown === 0 ? 'high' : 'auto'}
            width={400}
            height={600}
            className="aspect-[2/3] h-auto w-full object-contain"
          />
        )}
      </div>
      {total > 1 && (
        <ul aria-label={t('book.photos')} className="flex flex-wrap gap-2">
          {pictures.map((src, index) => (
            <li key={src}>
              <button
                type="button"
                ref={(element) => {
                  thumbnails.current[index] = element;
                }}
                aria-pressed={index === shown}
                aria-label={t('book.showPhoto', { number: formatNumber(index + 1, language), ...count })}
                onClick={() => setSelected(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={`block w-14 overflow-hidden rounded-field bg-base-200 ring-offset-2 ring-offset-base-100 transition sm:w-16 motion-reduce:transition-none ${
                  index === shown ? 'ring-2 ring-primary' : 'opacity-80 ring-1 ring-base-300 hover:opacity-100'
                }`}
              >
                <img src={src} alt="" loading="lazy" decoding="async" width={64} height={96} className="aspect-[2/3] h-auto w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
