import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LuLock, LuMail, LuUser, LuUserPlus } from 'react-icons/lu';
import { TextField } from '@/components/ui/TextField';
import { LIMITS, requiredText } from '@/lib/form-rules';
import { textToken } from '@/lib/i18n/problem';
import { useDocumentTitle } from '@/lib/use-document-title';
import { signInErrorMessage } from '../auth-errors';
import { signUp } from '../sign-in';
import { AuthShell } from './AuthShell';
import { FormAlert } from '@/components/ui/FormAlert';
import { returnPath } from './return-path';
import { SignInGate } from './SignInGate';
import { SocialSignIn } from './SocialSignIn';

// Spec section 5: only "required", no format or length rules (but the server's length limit on names). The messages
// are tokens, shown in the reader's language.
const signupSchema = z.object({
  name: requiredText(LIMITS.personNameMaxChars, textToken('auth:validation.nameRequired')),
  email: z.string().trim().min(1, textToken('auth:validation.emailRequired')),
  password: z.string().min(1, textToken('auth:validation.passwordRequired')),
  seller: z.boolean(),
});
type SignupValues = z.infer<typeof signupSchema>;

/** /signup: name, e-mail, password and the Seller Account toggle; then to /. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('signup.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const toggleId = useId();
  const form = useForm<SignupValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '', seller: false },
  });
  const { errors, isSubmitting } = form.formState;
  const nameField = form.register('name');
  const emailField = form.register('email');
  const passwordField = form.register('password');
  const sellerField = form.register('seller');

  const onSubmit = form.handleSubmit(async ({ name, email, password, seller }) => {
    setFailure(null);
    try {
      await signUp({ name, email, password, accountType: seller ? 'seller' : 'buyer' });
      toast.success(t('signup.success'));
      navigate('/', { replace: true });
    } catch (error) {
      setFailure(signInErrorMessage(error));
    }
  });

  return (
    <AuthShell title={t('signup.title')} lead={t('signup.lead')}>
      <SignInGate>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('signup.form')}>
          <TextField
            label={t('fields.name')}
            autoComplete="name"
            placeholder={t('signup.namePlaceholder')}
            icon={<LuUser className="size-4" />}
            error={errors.name?.message}
            {...nameField}
          />
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
            autoComplete="new-password"
            placeholder={t('signup.passwordPlaceholder')}
            icon={<LuLock className="size-4" />}
            error={errors.password?.message}
            {...passwordField}
          />
          <label className="flex cursor-pointer items-start gap-3 rounded-field border border-base-300 bg-base-200/50 p-3">
            <input
              type="checkbox"
              className="toggle toggle-primary mt-0.5"
              aria-labelledby={`${toggleId}-label`}
              aria-describedby={`${toggleId}-hint`}
              {...sellerField}
            />
            <span className="flex flex-col">
              <span id={`${toggleId}-label`} className="font-semibold">
                {t('signup.seller')}
              </span>
              <span id={`${toggleId}-hint`} className="text-sm text-base-content/70">
                {t('signup.sellerHint')}
              </span>
            </span>
          </label>
          <FormAlert message={failure} />
          <button type="submit" className="btn btn-primary btn-block mt-1" disabled={isSubmitting}>
            {isSubmitting ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : (
              <LuUserPlus className="size-4" aria-hidden="true" />
            )}
            {isSubmitting ? t('signup.submitting') : t('signup.submit')}
          </button>
        </form>
        <SocialSignIn
          onStart={() => setFailure(null)}
          onSignedIn={() => {
            toast.success(t('login.success'));
            navigate(returnPath(location.state), { replace: true });
          }}
          onError={(error) => setFailure(signInErrorMessage(error))}
          disabled={isSubmitting}
        />
        <p className="mt-8 text-center text-base-content/75">
          {t('signup.haveAccount')}{' '}
          <Link to="/login" state={location.state} className="link font-semibold text-primary">
            {t('signup.loginLink')}
          </Link>
        </p>
      </SignInGate>
    </AuthShell>
  );
}
