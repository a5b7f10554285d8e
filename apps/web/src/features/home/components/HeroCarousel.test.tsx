import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { switchLanguage } from '@/lib/i18n/translations';
import { setPrefersReducedMotion } from '@/test/setup';
import { HERO_INTERVAL_MS, HERO_SLIDES } from '../data/hero-slides';
import { HeroCarousel } from './HeroCarousel';

function renderCarousel() {
  render(
    <MemoryRouter>
      <HeroCarousel />
    </MemoryRouter>,
  );
  return document.querySelector<HTMLElement>('[data-active-slide]') as HTMLElement;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('HeroCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has three slides, the interval is 5000 ms', () => {
    const root = renderCarousel();
    expect(root).toHaveAttribute('aria-roledescription', 'carousel');
    expect(root).toHaveAttribute('aria-label', 'Highlights');
    expect(root.querySelector('[data-slide-index]')).toHaveAttribute('aria-label', '1 of 3');
    expect(HERO_INTERVAL_MS).toBe(5000);
    expect(root.querySelectorAll('[data-slide-index]')).toHaveLength(3);
    expect(HERO_SLIDES.every((slide) => slide.to === '/shop')).toBe(true);
  });

  it('advances every 5000 ms and wraps around', () => {
    const root = renderCarousel();
    expect(root).toHaveAttribute('data-active-slide', '0');
    advance(4999);
    expect(root).toHaveAttribute('data-active-slide', '0');
    advance(1);
    expect(root).toHaveAttribute('data-active-slide', '1');
    advance(5000);
    expect(root).toHaveAttribute('data-active-slide', '2');
    advance(5000);
    expect(root).toHaveAttribute('data-active-slide', '0');
  });

  it('does not auto-advance when the visitor prefers reduced motion', () => {
    setPrefersReducedMotion(true);
    const root = renderCarousel();
    advance(20000);
    expect(root).toHaveAttribute('data-active-slide', '0');
    // Manual controls still work.
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(root).toHaveAttribute('data-active-slide', '1');
  });

  it('pauses while hovered and resumes afterwards', () => {
    const root = renderCarousel();
    fireEvent.mouseEnter(root);
    advance(12000);
    expect(root).toHaveAttribute('data-active-slide', '0');
    fireEvent.mouseLeave(root);
    advance(5000);
    expect(root).toHaveAttribute('data-active-slide', '1');
  });

  it('pauses while focus is inside it', () => {
    const root = renderCarousel();
    fireEvent.focus(screen.getByRole('button', { name: 'Go to slide 1' }));
    advance(12000);
    expect(root).toHaveAttribute('data-active-slide', '0');
  });

  it('moves with the previous, next and dot buttons and hides inactive slides from assistive tech', () => {
    const root = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(root).toHaveAttribute('data-active-slide', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(root).toHaveAttribute('data-active-slide', '1');
    expect(screen.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
    const slides = root.querySelectorAll('[data-slide-index]');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'false');
    expect(slides[0]).toHaveAttribute('aria-hidden', 'true');
  });

  it('speaks Bangla: every slide, its picture and the controls, with Bengali digits', async () => {
    await switchLanguage('bn');
    const root = renderCarousel();
    expect(root).toHaveAttribute('aria-label', 'বিশেষ আকর্ষণ');
    expect(root).toHaveAttribute('aria-roledescription', 'স্লাইডশো');
    const slides = root.querySelectorAll('[data-slide-index]');
    expect(slides[0]).toHaveAttribute('aria-label', '৩টির মধ্যে ১');
    expect(slides[2]).toHaveAttribute('aria-label', '৩টির মধ্যে ৩');
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'স্লাইড');
    expect(screen.getByRole('heading', { name: 'প্রতিটি বইকে দিন নতুন জীবন' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'বই কিনুন' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('img', { name: 'ছবি: গাছের পাশে পড়া বইয়ের স্তূপ' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'পরের স্লাইড' }));
    expect(root).toHaveAttribute('data-active-slide', '1');
    fireEvent.click(screen.getByRole('button', { name: 'আগের স্লাইড' }));
    fireEvent.click(screen.getByRole('button', { name: '৩ নম্বর স্লাইডে যান' }));
    expect(root).toHaveAttribute('data-active-slide', '2');
    expect(screen.getByRole('heading', { name: 'এক মিনিটে অর্ডার, ডেলিভারি আমাদের খরচে।' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'স্লাইডশো থামান' }));
    expect(screen.getByRole('button', { name: 'স্লাইডশো চালু করুন' })).toBeInTheDocument();

    // No English left, in the text or in what screen readers hear.
    expect(root.textContent).not.toMatch(/[A-Za-z]/);
    const spoken = [...root.querySelectorAll('[aria-label], [alt], [aria-roledescription]')].flatMap((element) =>
      ['aria-label', 'alt', 'aria-roledescription'].map((name) => element.getAttribute(name) ?? ''),
    );
    expect(spoken.join(' ')).not.toMatch(/[A-Za-z0-9]/);
  });
});
