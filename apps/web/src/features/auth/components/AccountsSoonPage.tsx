import { Link } from 'react-router-dom';
import { LuBookOpen } from 'react-icons/lu';
import { useDocumentTitle } from '@/lib/use-document-title';

interface AccountsSoonPageProps {
  title: string;
  lead: string;
}

/**
 * Placeholder for /login and /signup until sign-in ships. It says so plainly rather than showing a form
 * that cannot work.
 */
export function AccountsSoonPage({ title, lead }: AccountsSoonPageProps) {
  useDocumentTitle(title);
  return (
    <div className="container-page flex justify-center py-16 sm:py-24">
      <div className="w-full max-w-md rounded-box bg-base-100 p-8 text-center shadow-lift ring-1 ring-base-300/70 sm:p-10">
        <span className="mx-auto mb-5 grid size-14 place-items-center rounded-full bg-primary/10 text-primary" aria-hidden="true">
          <LuBookOpen className="size-7" />
        </span>
        <h1 className="text-3xl font-bold text-primary">{title}</h1>
        <p className="mt-3 text-base-content/80">{lead}</p>
        <p className="mt-3 text-base-content/80">
          Accounts open soon. Until then you can browse every book, see prices and contact sellers directly.
        </p>
        <Link to="/shop" className="btn btn-primary mt-8 w-full">
          Back to the shop
        </Link>
      </div>
    </div>
  );
}

export function LoginPage() {
  return <AccountsSoonPage title="Log in" lead="Signing in to Puronoboi is almost ready." />;
}

export function SignupPage() {
  return (
    <AccountsSoonPage title="Create an account" lead="Soon you will be able to buy, sell and keep a wish list here." />
  );
}
