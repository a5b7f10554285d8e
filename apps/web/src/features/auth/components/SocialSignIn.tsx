import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FaFacebook } from 'react-icons/fa';
import { FcGoogle } from 'react-icons/fc';
import type { MeDto } from '@bindings/MeDto';
import { useAuthStore } from '@/lib/auth-store';
import { signInWithSocialPopup, type SocialProvider } from '../sign-in';

const PROVIDERS: { provider: SocialProvider; icon: ReactNode }[] = [
  { provider: 'google', icon: <FcGoogle className="size-6" aria-hidden="true" /> },
  { provider: 'facebook', icon: <FaFacebook className="size-6 text-[#1877F2]" aria-hidden="true" /> },
];

// Emulator-only code lives in its own chunk, fetched only when the server runs the local Auth emulator.
const EmulatorAccountChooser = lazy(() => import('../emulator/EmulatorAccountChooser'));

interface SocialSignInProps {
  onSignedIn: (me: MeDto) => void;
  onError: (error: unknown) => void;
  /** Called as a social sign-in starts, so the form can clear an old error. */
  onStart?: () => void;
  disabled?: boolean;
}

/**
 * The Google and Facebook icon buttons. With real Firebase they open the provider's pop-up (500 x 600); with the
 * local emulator they open a local account chooser. Either way a new account is a buyer.
 */
export function SocialSignIn({ onSignedIn, onError, onStart, disabled = false }: SocialSignInProps) {
  const { t } = useTranslation('auth');
  const mode = useAuthStore((state) => state.mode);
  const [chooser, setChooser] = useState<SocialProvider | null>(null);
  const [pending, setPending] = useState<SocialProvider | null>(null);

  const start = async (provider: SocialProvider) => {
    onStart?.();
    if (mode === 'emulator') {
      setChooser(provider);
      return;
    }
    setPending(provider);
    try {
      onSignedIn(await signInWithSocialPopup(provider));
    } catch (error) {
      onError(error);
    } finally {
      setPending(null);
    }
  };

  const button = (provider: SocialProvider, icon: ReactNode) => {
    const name = t('social.signInWith', { provider: t(`providers.${provider}`) });
    return (
      <button
        key={provider}
        type="button"
        aria-label={name}
        title={name}
        className="btn btn-outline btn-circle btn-lg border-base-300 bg-base-100 hover:border-primary/40 hover:bg-base-200"
        disabled={disabled || pending !== null}
        onClick={() => void start(provider)}
      >
        {pending === provider ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : icon}
      </button>
    );
  };

  return (
    <>
      <div className="divider my-6 text-sm text-base-content/60">{t('social.divider')}</div>
      <div className="flex justify-center gap-4">
        {PROVIDERS.map(({ provider, icon }) => button(provider, icon))}
      </div>
      {mode === 'emulator' && chooser && (
        <Suspense fallback={null}>
          <EmulatorAccountChooser
            provider={chooser}
            onClose={() => setChooser(null)}
            onSignedIn={(me) => {
              setChooser(null);
              onSignedIn(me);
            }}
            onError={(error) => {
              setChooser(null);
              onError(error);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
