import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import toast from 'react-hot-toast';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LuLock, LuLogIn, LuMail } from 'react-icons/lu';
import type { MeDto } from '@bindings/MeDto';
import { TextField } from '@/components/ui/TextField';
import { useCurrentUser } from '@/lib/auth-store';
import { textToken } from '@/lib/i18n/problem';
import { useDocumentTitle } from '@/lib/use-document-title';
import { signInErrorMessage } from '../auth-errors';
import { signInWithPassword } from '../sign-in';
import { AuthShell } from './AuthShell';
import { FormAlert } from '@/components/ui/FormAlert';
import { returnPath } from './return-path';
import { SignInGate } from './SignInGate';
import { SocialSignIn } from './SocialSignIn';

// Spec section 5: only "required", no format or length rules. The messages are tokens, shown in the reader's language.
const loginSchema = z.object({
  email: z.string().trim().min(1, textToken('auth:validation.emailRequired')),
  password: z.string().min(1, textToken('auth:validation.passwordRequired')),
});
type LoginValues = z.infer<typeof loginSchema>;

/** /login: e-mail and password, Google and Facebook, then back to the page the visitor came from (default /). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const target = returnPath(location.state);
  const signedInAs = useCurrentUser();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const emailField = form.register('email');
  const passwordField = form.register('password');

  const done = (_me: MeDto) => {
    toast.success(t('login.success'));
    navigate(target, { replace: true });
  };
  const failed = (error: unknown) => setFailure(signInErrorMessage(error));

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      done(await signInWithPassword(email, password));
    } catch (error) {
      failed(error);
    }
  });

  return (
    <AuthShell title={t('login.title')} lead={t('login.lead')}>
      <SignInGate>
        {signedInAs && !isSubmitting && (
          <p role="status" className="mb-5 rounded-field bg-base-200 px-3 py-2.5 text-sm">
            <Trans t={t} i18nKey="login.signedInAs" values={{ email: signedInAs.email }} components={[<strong key="email" />]} />{' '}
            {target !== '/' ? t('login.wrongAccount') : t('login.switchAccount')}
          </p>
        )}
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('login.form')}>
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            placeholder={t('fields.emailPlaceholder')}
            icon={<LuMail className="size-4" />}
            error={errors.email?.message}
            {...emailField}
          />
          <TextField
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            icon={<LuLock className="size-4" />}
            error={errors.password?.message}
            aside={<span className="text-sm text-base-content/60">{t('login.forgotPassword')}</span>}
            {...passwordField}
          />
          <FormAlert message={failure} />
          <button type="submit" className="btn btn-primary btn-block mt-1" disabled={isSubmitting}>
            {isSubmitting ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : (
              <LuLogIn className="size-4" aria-hidden="true" />
            )}
            {isSubmitting ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <SocialSignIn onStart={() => setFailure(null)} onSignedIn={done} onError={failed} disabled={isSubmitting} />
        <p className="mt-8 text-center text-base-content/75">
          {t('login.newHere')}{' '}
          <Link to="/signup" state={location.state} className="link font-semibold text-primary">
            {t('login.signupLink')}
          </Link>
        </p>
      </SignInGate>
    </AuthShell>
  );
}
