import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LuLock, LuLogIn, LuMail } from 'react-icons/lu';
import type { MeDto } from '@bindings/MeDto';
import { TextField } from '@/components/ui/TextField';
import { useCurrentUser } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { signInErrorMessage } from '../auth-errors';
import { signInWithPassword } from '../sign-in';
import { AuthShell } from './AuthShell';
import { FormAlert } from '@/components/ui/FormAlert';
import { returnPath } from './return-path';
import { SignInGate } from './SignInGate';
import { SocialSignIn } from './SocialSignIn';

export const LOGIN_SUCCESS_TOAST = 'User login successfully';

// Spec section 5: only "required", no format or length rules.
const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});
type LoginValues = z.infer<typeof loginSchema>;

/** /login: e-mail and password, Google and Facebook, then back to the page the visitor came from (default /). */
export function LoginPage() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const location = useLocation();
  const target = returnPath(location.state);
  const signedInAs = useCurrentUser();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const done = (_me: MeDto) => {
    toast.success(LOGIN_SUCCESS_TOAST);
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
    <AuthShell title="Log in" lead="Welcome back. Log in to order books, keep a wish list or manage your listings.">
      <SignInGate>
        {signedInAs && !isSubmitting && (
          <p role="status" className="mb-5 rounded-field bg-base-200 px-3 py-2.5 text-sm">
            You are logged in as <strong>{signedInAs.email}</strong>.{' '}
            {target !== '/' ? 'That account cannot open the page you asked for; log in with another one.' : 'Log in below to switch accounts.'}
          </p>
        )}
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Log in">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            icon={<LuMail className="size-4" />}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="Your password"
            icon={<LuLock className="size-4" />}
            error={errors.password?.message}
            aside={<span className="text-sm text-base-content/60">Forgot password?</span>}
            {...form.register('password')}
          />
          <FormAlert message={failure} />
          <button type="submit" className="btn btn-primary btn-block mt-1" disabled={isSubmitting}>
            {isSubmitting ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : (
              <LuLogIn className="size-4" aria-hidden="true" />
            )}
            {isSubmitting ? 'Logging in...' : 'Login'}
          </button>
        </form>
        <SocialSignIn onStart={() => setFailure(null)} onSignedIn={done} onError={failed} disabled={isSubmitting} />
        <p className="mt-8 text-center text-base-content/75">
          New to Puronoboi?{' '}
          <Link to="/signup" state={location.state} className="link font-semibold text-primary">
            Create an account
          </Link>
        </p>
      </SignInGate>
    </AuthShell>
  );
}
