import { LuBadgeCheck, LuMail, LuMapPin, LuPhone } from 'react-icons/lu';
import type { SellerDto } from '@bindings/SellerDto';

/** Turns a local number such as "01715 384926" into something a tel: link can dial. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function VerifiedBadge() {
  return (
    <span
      role="img"
      aria-label="Verified seller"
      title="Verified seller"
      className="badge badge-success badge-sm gap-1 font-semibold"
    >
      <LuBadgeCheck className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true">Verified</span>
    </span>
  );
}

/** Who sells the book and how to reach them. */
export function SellerBlock({ seller }: { seller: SellerDto }) {
  return (
    <section aria-labelledby="seller-heading" className="rounded-box bg-base-200/70 p-5 ring-1 ring-base-300/70">
      <h2 id="seller-heading" className="mb-3 font-sans text-sm font-semibold tracking-[0.14em] text-secondary uppercase">
        Seller
      </h2>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div className="grid size-10 place-items-center rounded-full bg-primary font-semibold text-primary-content" aria-hidden="true">
          {seller.name.trim().charAt(0).toUpperCase()}
        </div>
        <p className="text-lg font-semibold" data-testid="seller-name">
          {seller.name}
        </p>
        {seller.verified && <VerifiedBadge />}
      </div>
      <ul className="flex flex-col gap-2.5 text-base-content/85">
        <li className="flex items-center gap-3">
          <LuPhone className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">Phone: </span>
          <a href={telHref(seller.phone)} className="link link-hover">
            {seller.phone}
          </a>
        </li>
        <li className="flex items-center gap-3">
          <LuMail className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">Email: </span>
          <a href={`mailto:${seller.email}`} className="link link-hover break-all">
            {seller.email}
          </a>
        </li>
        <li className="flex items-center gap-3">
          <LuMapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">Location: </span>
          <span>{seller.location}</span>
        </li>
      </ul>
    </section>
  );
}
