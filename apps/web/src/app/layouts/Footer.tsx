import { Link } from 'react-router-dom';
import { FaFacebookF, FaInstagram, FaXTwitter } from 'react-icons/fa6';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/ui/Logo';
import { formatYear } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

const FOOTER_LINKS = [
  { to: '/', label: 'footer.home' },
  { to: '/', label: 'footer.contacts' },
  { to: '/', label: 'footer.about' },
  { to: '/', label: 'footer.privacy' },
] as const;

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/', label: 'footer.facebook', icon: FaFacebookF },
  { href: 'https://x.com/', label: 'footer.x', icon: FaXTwitter },
  { href: 'https://www.instagram.com/', label: 'footer.instagram', icon: FaInstagram },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <footer className="mt-auto bg-neutral text-neutral-content">
      <div className="container-page grid grid-cols-2 gap-10 py-14 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <Link to="/" className="inline-flex items-center gap-2.5 rounded-field">
            <LogoMark />
            <span className="font-serif text-2xl font-bold text-[#fdf9ef]">Puronoboi</span>
          </Link>
          <p className="mt-4 text-neutral-content/75">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <h2 className="mb-4 font-sans text-sm font-semibold tracking-[0.14em] text-accent uppercase">{t('footer.company')}</h2>
          <ul className="flex flex-col gap-2.5">
            {FOOTER_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="text-neutral-content/80 hover:text-[#fdf9ef] hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-4 font-sans text-sm font-semibold tracking-[0.14em] text-accent uppercase">{t('footer.follow')}</h2>
          <ul className="flex flex-wrap gap-2.5">
            {SOCIAL_LINKS.map(({ href, label, icon: Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  aria-label={t(label)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="grid size-11 place-items-center rounded-full bg-white/10 text-[#fdf9ef] transition hover:bg-accent hover:text-accent-content motion-reduce:transition-none"
                >
                  <Icon className="size-5" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-sm text-neutral-content/70">
          {t('footer.rights', { year: formatYear(2026, language) })}
        </p>
      </div>
    </footer>
  );
}
