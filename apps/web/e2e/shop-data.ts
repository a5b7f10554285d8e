// Test data the journeys add straight to the database (needs E2E_DATABASE_URL): books of their own to order and pay
// for, so that no journey depends on, or changes, another's.
import { fixtures } from './env';
import { psql } from './global-setup';

/** A suffix that keeps this run's titles apart from earlier runs against the same server. */
export function stamp(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/**
 * Adds an available copy of one of a demo seller's books under a title of this run (at `price` taka when given) and
 * answers its id. Dated before every other book so the shop's first pages stay as they were, unless `newest` (then it
 * is first in the seller's My Products). Every journey leaves its book sold or held, so it is never listed afterwards.
 */
export function addBookFor(sellerEmail: string, title: string, { newest = false, price }: { newest?: boolean; price?: number } = {}): string {
  const createdAt = newest ? 'now()' : "(SELECT min(created_at) FROM books) - interval '1 day'";
  const resale = price === undefined ? 'b.resale_price' : String(price);
  const original = price === undefined ? 'b.original_price' : `greatest(b.original_price, ${price + 1})`;
  const [id] = psql(
    fixtures().databaseURL,
    `INSERT INTO books (id, seller_id, category_id, title, author, description, picture_url, publish_year, ratings, reviews,
                        seller_name, location, phone, seller_email, original_price, resale_price, status, advertised, created_at)
     SELECT gen_random_uuid(), b.seller_id, b.category_id, '${title.replace(/'/g, "''")}', b.author, b.description, b.picture_url,
            b.publish_year, b.ratings, b.reviews, b.seller_name, b.location, b.phone, b.seller_email, ${original},
            ${resale}, 'available', false, ${createdAt}
       FROM books b
      WHERE b.seller_email = '${sellerEmail}' AND b.status = 'available'
      ORDER BY b.created_at, b.id
      LIMIT 1
     RETURNING id`,
  );
  if (!id) throw new Error(`no available book of ${sellerEmail} to copy`);
  return id;
}
