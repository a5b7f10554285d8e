import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LuLock, LuMail, LuUser, LuUserPlus } from 'react-icons/lu';
import { TextField } from '@/components/ui/TextField';
import { LIMITS, requiredText } from '@/lib/form-rules';
import { useDocumentTitle } from '@/lib/use-document-title';
import { signInErrorMessage } from '../auth-errors';
import { signUp } from '../sign-in';
import { AuthShell } from './AuthShell';
import { FormAlert } from '@/components/ui/FormAlert';
import { LOGIN_SUCCESS_TOAST } from './LoginPage';
import { returnPath } from './return-path';
import { SignInGate } from './SignInGate';
import { SocialSignIn } from './SocialSignIn';

export const SIGNUP_SUCCESS_TOAST = 'User created successfully';

// Spec section 5: only "required", no format or length rules.
const signupSchema = z.object({
  name: requiredText(LIMITS.personNameMaxChars, 'Name is required'),
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
  seller: z.boolean(),
});
type SignupValues = z.infer<typeof signupSchema>;

/** /signup: name, e-mail, password and the Seller Account toggle; then to /. */
export function SignupPage() {
  useDocumentTitle('Create an account');
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const toggleId = useId();
  const form = useForm<SignupValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '', seller: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, email, password, seller }) => {
    setFailure(null);
    try {
      await signUp({ name, email, password, accountType: seller ? 'seller' : 'buyer' });
      toast.success(SIGNUP_SUCCESS_TOAST);
      navigate('/', { replace: true });
    } catch (error) {
      setFailure(signInErrorMessage(error));
    }
  });

  return (
    <AuthShell title="Create an account" lead="Buy used books at fair prices, or sell the ones you have finished.">
      <SignInGate>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign up">
          <TextField
            label="Name"
            autoComplete="name"
            placeholder="Your full name"
            icon={<LuUser className="size-4" />}
            error={errors.name?.message}
            {...form.register('name')}
          />
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
            autoComplete="new-password"
            placeholder="Choose a password"
            icon={<LuLock className="size-4" />}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <label className="flex cursor-pointer items-start gap-3 rounded-field border border-base-300 bg-base-200/50 p-3">
            <input
              type="checkbox"
              className="toggle toggle-primary mt-0.5"
              aria-labelledby={`${toggleId}-label`}
              aria-describedby={`${toggleId}-hint`}
              {...form.register('seller')}
            />
            <span className="flex flex-col">
              <span id={`${toggleId}-label`} className="font-semibold">
                Seller Account
              </span>
              <span id={`${toggleId}-hint`} className="text-sm text-base-content/70">
                Turn on to list your own books for sale. Leave off to buy.
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
            {isSubmitting ? 'Creating your account...' : 'Sign Up'}
          </button>
        </form>
        <SocialSignIn
          onStart={() => setFailure(null)}
          onSignedIn={() => {
            toast.success(LOGIN_SUCCESS_TOAST);
            navigate(returnPath(location.state), { replace: true });
          }}
          onError={(error) => setFailure(signInErrorMessage(error))}
          disabled={isSubmitting}
        />
        <p className="mt-8 text-center text-base-content/75">
          Already have an account?{' '}
          <Link to="/login" state={location.state} className="link font-semibold text-primary">
            Log in
          </Link>
        </p>
      </SignInGate>
    </AuthShell>
  );
}
