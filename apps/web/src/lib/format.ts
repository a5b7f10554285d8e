import type { Language } from './i18n/language';

// Numbers in the reader's language: in Bangla with Bengali digits (১২,৩৪,৫৬৭), in English with Latin ones; both
// group digits the South Asian way (12,34,567), as Bangladesh does.
const LOCALE: Record<Language, string> = { bn: 'bn-BD', en: 'en-IN' };
const numberFormats: Record<Language, Intl.NumberFormat> = {
  bn: new Intl.NumberFormat(LOCALE.bn, { maximumFractionDigits: 0 }),
  en: new Intl.NumberFormat(LOCALE.en, { maximumFractionDigits: 0 }),
};

/** A whole number in the reader's digits: formatNumber(1234567, 'bn') === "১২,৩৪,৫৬৭". */
export function formatNumber(value: number, language: Language = 'en'): string {
  return numberFormats[language].format(value);
}

/**
 * Money is "<amount> ৳" in both languages: the amount in the reader's digits, a space, then the taka sign, as
 * Bangladeshi price tags write it. formatTaka(1200) === "1,200 ৳"; formatTaka(1200, 'bn') === "১,২০০ ৳".
 */
export function formatTaka(amount: number, language: Language = 'en'): string {
  return `${formatNumber(amount, language)} ৳`;
}

/** Ratings come as numbers such as 4.8; always show one decimal, in the reader's digits. */
export function formatRating(rating: number, language: Language = 'en'): string {
  const fixed = rating.toFixed(1);
  return language === 'bn' ? bengaliDigits(fixed) : fixed;
}

/** "1 review", "42 reviews"; in Bangla, which has one form, "১টি রিভিউ", "৪২টি রিভিউ". */
export function formatReviews(count: number, language: Language = 'en'): string {
  if (language === 'bn') return `${formatNumber(count, language)}টি রিভিউ`;
  return `${formatNumber(count)} ${count === 1 ? 'review' : 'reviews'}`;
}

/** A year as written in the reader's digits, without grouping: "2026", "২০২৬". */
export function formatYear(year: number, language: Language = 'en'): string {
  return language === 'bn' ? bengaliDigits(String(year)) : String(year);
}

const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  bn: new Intl.DateTimeFormat(LOCALE.bn, { day: 'numeric', month: 'long', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
};

/** "5 March 2026"; in Bangla "৫ মার্চ, ২০২৬". Empty for a date that does not parse. */
export function formatDate(iso: string, language: Language = 'en'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormats[language].format(date);
}

const monthYearFormats: Record<Language, Intl.DateTimeFormat> = {
  bn: new Intl.DateTimeFormat(LOCALE.bn, { month: 'long', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }),
};

/** "November 2026"; in Bangla "নভেম্বর ২০২৬". Empty for a date that does not parse. */
export function formatMonthYear(iso: string, language: Language = 'en'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : monthYearFormats[language].format(date);
}

/** A whole percent in the reader's digits: "92%", "৯২%". */
export function formatPercent(percent: number, language: Language = 'en'): string {
  return `${formatNumber(percent, language)}%`;
}

const BENGALI_ZERO = 0x09e6;

/** Latin digits written as Bengali ones. */
export function bengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(BENGALI_ZERO + Number(digit)));
}

/** Bengali digits read as Latin ones, so that a phone number or a price typed either way is understood. */
export function latinDigits(text: string): string {
  return text.replace(/[\u09E6-\u09EF]/g, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO));
}

const dateTimeFormats: Record<Language, Intl.DateTimeFormat> = {
  // `dayPeriod` gives Bangla its flexible periods (ভোর, সকাল, দুপুর, বিকাল, সন্ধ্যা, রাত্রি); English keeps am and pm.
  bn: new Intl.DateTimeFormat(LOCALE.bn, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', dayPeriod: 'short' }),
  en: new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', hour12: true }),
};

/**
 * A moment as "Tuesday 24 November, 4:05 pm"; in Bangla "২৪ নভেম্বর, মঙ্গলবার, বিকাল ৪:০৫", the time of day named
 * before the time as Bangla says it (ICU's own Bangla pattern would end in a Latin "PM"). In the reader's time zone; no
 * year, for the deadlines of the next few days it is used for. Empty for a moment that does not parse.
 */
export function formatDateTime(iso: string, language: Language = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const parts = dateTimeFormats[language].formatToParts(date);
  const [weekday, day, month, hour, minute, period] = (['weekday', 'day', 'month', 'hour', 'minute', 'dayPeriod'] as const).map((type) =>
    part(parts, type),
  );
  if (language === 'bn') return `${day} ${month}, ${weekday}, ${period} ${hour}:${minute}`;
  return `${weekday} ${day} ${month}, ${hour}:${minute} ${period}`;
}
