import { useEffect, useState, type FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LuArrowRight, LuChevronLeft, LuChevronRight, LuPause, LuPlay } from '@/components/ui/icons';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { usePrefersReducedMotion } from '@/lib/use-prefers-reduced-motion';
import { HERO_INTERVAL_MS, HERO_SLIDES, type HeroSlide } from '../data/hero-slides';

interface HeroCarouselProps {
  slides?: HeroSlide[];
  intervalMs?: number;
}

/**
 * The landing-page hero. Advances every 5000 ms unless the visitor prefers reduced motion, has paused it,
 * or is pointing at or focused inside it (WAI-ARIA carousel pattern). Browser tests read
 * data-active-slide on the root and data-slide-index on each slide.
 */
export function HeroCarousel({ slides = HERO_SLIDES, intervalMs = HERO_INTERVAL_MS }: HeroCarouselProps) {
  const count = slides.length;
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stoppedByUser, setStoppedByUser] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const { t } = useTranslation();
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);

  const autoplay = !reducedMotion && !stoppedByUser && count > 1;
  const rotating = autoplay && !hovered && !focused;

  // One timeout per shown slide: moving by hand restarts the full interval.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setActive((index) => (index + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, active, count, intervalMs]);

  const show = (index: number) => setActive(((index % count) + count) % count);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription={t('hero.carousel')}
      aria-label={t('hero.label')}
      data-active-slide={active}
      data-rotating={rotating}
      className="relative isolate overflow-hidden bg-primary text-primary-content"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="grid" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => {
          const isActive = index === active;
          const texts = `hero.slides.${slide.id}` as const;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription={t('hero.slide')}
              aria-label={t('hero.position', { index: number(index + 1), total: number(count) })}
              aria-hidden={!isActive}
              inert={!isActive}
              data-slide-index={index}
              data-active={isActive}
              className={`[grid-area:1/1] bg-gradient-to-br ${slide.background} transition-[opacity,visibility] duration-700 ease-out motion-reduce:transition-none ${
                isActive ? 'visible opacity-100' : 'invisible opacity-0'
              }`}
            >
              <div className="container-page grid min-h-[30rem] items-center gap-8 pt-12 pb-24 md:grid-cols-[1.15fr_1fr] md:pt-16 lg:min-h-[34rem]">
                <div className="max-w-xl">
                  <p className="mb-4 inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-semibold tracking-wide text-accent ring-1 ring-white/15">
                    {t(`${texts}.eyebrow`)}
                  </p>
                  <h2 className="text-4xl leading-[1.1] font-bold text-[#fdf9ef] sm:text-5xl lg:text-6xl">
                    {t(`${texts}.headline`)}
                  </h2>
                  <p className="mt-5 max-w-lg text-lg text-[#fdf9ef]/85">{t(`${texts}.subline`)}</p>
                  <Link to={slide.to} className="btn btn-accent btn-lg mt-8 shadow-lg">
                    {t(`${texts}.cta`)}
                    <LuArrowRight className="size-5" aria-hidden="true" />
                  </Link>
                </div>
                <div className="hidden justify-center md:flex">
                  <img src={slide.art} alt={t(`${texts}.art`)} className="w-full max-w-md drop-shadow-xl" width={400} height={360} />
                </div>
              </div>
            </div>
          );
        })}
      </div>

      <div className="absolute inset-x-0 bottom-6">
        <div className="container-page flex items-center gap-3">
          <button
            type="button"
            aria-label={t('hero.previous')}
            className="btn btn-circle btn-sm border-white/25 bg-white/10 text-[#fdf9ef] hover:bg-white/25"
            onClick={() => show(active - 1)}
          >
            <LuChevronLeft className="size-4" aria-hidden="true" />
          </button>
          <div className="flex items-center gap-1">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                aria-label={t('hero.goTo', { index: number(index + 1) })}
                aria-current={index === active ? 'true' : undefined}
                className="grid size-6 place-items-center rounded-full"
                onClick={() => show(index)}
              >
                <span
                  className={`block h-2 rounded-full transition-all motion-reduce:transition-none ${
                    index === active ? 'w-6 bg-accent' : 'w-2 bg-white/45'
                  }`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            aria-label={t('hero.next')}
            className="btn btn-circle btn-sm border-white/25 bg-white/10 text-[#fdf9ef] hover:bg-white/25"
            onClick={() => show(active + 1)}
          >
            <LuChevronRight className="size-4" aria-hidden="true" />
          </button>
          {!reducedMotion && count > 1 && (
            <button
              type="button"
              aria-label={stoppedByUser ? t('hero.play') : t('hero.pause')}
              className="btn btn-circle btn-sm ml-auto border-white/25 bg-white/10 text-[#fdf9ef] hover:bg-white/25"
              onClick={() => setStoppedByUser((stopped) => !stopped)}
            >
              {stoppedByUser ? (
                <LuPlay className="size-4" aria-hidden="true" />
              ) : (
                <LuPause className="size-4" aria-hidden="true" />
              )}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
