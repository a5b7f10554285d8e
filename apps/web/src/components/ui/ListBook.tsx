import { Link } from 'react-router-dom';

/** A book's cover in a dashboard list (My Products, My Orders, Wish List); decorative: the title names the row. */
export function ListCover({ src, className }: { src: string; className: string }) {
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      width={80}
      height={120}
      className={`aspect-[2/3] shrink-0 rounded-field bg-base-200 object-cover ring-1 ring-base-300/70 ${className}`}
    />
  );
}

/** A book's title in a dashboard list, linking to its page unless the book has left the shop (`linked` false). */
export function ListTitle({ bookId, title, linked = true }: { bookId: string; title: string; linked?: boolean }) {
  if (!linked) return <span className="font-semibold leading-snug">{title}</span>;
  return (
    <Link to={`/books/${bookId}`} className="font-semibold leading-snug hover:text-primary hover:underline">
      {title}
    </Link>
  );
}
