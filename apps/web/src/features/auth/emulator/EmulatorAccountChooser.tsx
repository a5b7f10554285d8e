// EMULATOR ONLY. Social sign-in without Google or Facebook: the Firebase Auth emulator cannot show their pop-ups
// offline, so this local chooser signs in with an unsigned ID token instead. SocialSignIn loads this file lazily and
// only in mode "emulator"; in mode "firebase" it is never imported.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { FacebookAuthProvider, GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { LuArrowLeft, LuUserPlus } from 'react-icons/lu';
import type { MeDto } from '@bindings/MeDto';
import { Modal } from '@/components/ui/Modal';
import { TextField } from '@/components/ui/TextField';
import { initialsOf } from '@/lib/auth-store';
import { textToken } from '@/lib/i18n/problem';
import { signInInteractively } from '@/lib/session';
import type { SocialProvider } from '../sign-in';
import { buildEmulatorIdToken, type EmulatorIdentity } from './emulator-token';

/**
 * Made-up social identities for trying the app locally. None of them has an account until first used. Their names
 * are the accounts' names (sent in the token), so they read the same in every language, as any person's name does.
 */
export const DEMO_SOCIAL_IDENTITIES: EmulatorIdentity[] = [
  { name: 'Sadia Islam', email: 'sadia.social@puronoboi.test' },
  { name: 'Arif Chowdhury', email: 'arif.social@puronoboi.test' },
  { name: 'Mitu Akter', email: 'mitu.social@puronoboi.test' },
];

/** Signs in to the emulator as `identity` through the provider, then opens the session (a new account is a buyer). */
export function signInWithEmulatorIdentity(provider: SocialProvider, identity: EmulatorIdentity): Promise<MeDto> {
  const idToken = buildEmulatorIdToken(identity);
  // The emulator reads the claims from the token whichever field carries it; Facebook's credential takes it as its
  // access token.
  const credential = provider === 'google' ? GoogleAuthProvider.credential(idToken) : FacebookAuthProvider.credential(idToken);
  return signInInteractively(async (auth) => (await signInWithCredential(auth, credential)).user);
}

// The messages are tokens, shown in the reader's language.
const otherSchema = z.object({
  name: z.string().trim().min(1, textToken('auth:validation.nameRequired')),
  email: z.string().trim().min(1, textToken('auth:validation.emailRequired')),
});
type OtherValues = z.infer<typeof otherSchema>;

interface EmulatorAccountChooserProps {
  provider: SocialProvider;
  onClose: () => void;
  onSignedIn: (me: MeDto) => void;
  /** A failed sign-in: the chooser closes and the form shows the error. */
  onError: (error: unknown) => void;
}

export function EmulatorAccountChooser({ provider, onClose, onSignedIn, onError }: EmulatorAccountChooserProps) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState<string | null>(null);
  const [other, setOther] = useState(false);
  const form = useForm<OtherValues>({ resolver: zodResolver(otherSchema), defaultValues: { name: '', email: '' } });
  const providerName = t(`providers.${provider}`);
  const nameField = form.register('name');
  const emailField = form.register('email');

  const choose = async (identity: EmulatorIdentity) => {
    setBusy(identity.email);
    try {
      const me = await signInWithEmulatorIdentity(provider, identity);
      onSignedIn(me);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal title={t('chooser.title', { provider: providerName })} onClose={onClose} busy={busy !== null} className="sm:max-w-md">
      <p className="mt-2 text-sm text-base-content/70">{t('chooser.explanation', { provider: providerName })}</p>

      {!other ? (
        <ul className="mt-5 flex flex-col gap-2" aria-label={t('chooser.accounts', { provider: providerName })}>
          {DEMO_SOCIAL_IDENTITIES.map((identity) => (
            <li key={identity.email}>
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-field border border-base-300 bg-base-100 px-3 py-2.5 text-left transition-colors hover:border-primary/40 hover:bg-base-200 disabled:opacity-60"
                disabled={busy !== null}
                onClick={() => void choose(identity)}
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-content" aria-hidden="true">
                  {initialsOf(identity.name)}
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold">{identity.name}</span>
                  <span className="truncate text-sm text-base-content/70">{identity.email}</span>
                </span>
                {busy === identity.email && <span className="loading loading-spinner loading-sm ml-auto" aria-label={t('chooser.signingIn')} />}
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="flex w-full items-center gap-3 rounded-field border border-dashed border-base-300 px-3 py-2.5 text-left hover:bg-base-200 disabled:opacity-60"
              disabled={busy !== null}
              onClick={() => setOther(true)}
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-base-200 text-primary" aria-hidden="true">
                <LuUserPlus className="size-5" />
              </span>
              <span className="font-semibold">{t('chooser.other')}</span>
            </button>
          </li>
        </ul>
      ) : (
        <form
          noValidate
          className="mt-5 flex flex-col gap-4"
          onSubmit={form.handleSubmit((values) => choose({ name: values.name, email: values.email }))}
        >
          <TextField label={t('fields.name')} autoComplete="name" autoFocus error={form.formState.errors.name?.message} {...nameField} />
          <TextField label={t('fields.email')} type="email" autoComplete="email" error={form.formState.errors.email?.message} {...emailField} />
          <div className="flex flex-wrap justify-between gap-2">
            <button type="button" className="btn btn-ghost" onClick={() => setOther(false)} disabled={busy !== null}>
              <LuArrowLeft className="size-4" aria-hidden="true" />
              {t('chooser.back')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {busy !== null && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t('chooser.continue', { provider: providerName })}
            </button>
          </div>
        </form>
      )}

      <div className="modal-action mt-5">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy !== null}>
          {t('chooser.cancel')}
        </button>
      </div>
    </Modal>
  );
}

export default EmulatorAccountChooser;
