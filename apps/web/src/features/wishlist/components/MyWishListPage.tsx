import { OpensSoonPage } from '@/components/ui/OpensSoonPage';

/** /dashboard/myWishList (buyer). Placeholder until the wish list ships. */
export function MyWishListPage() {
  return (
    <OpensSoonPage title="Wish List">
      Books you mark with the heart will be kept here, ready to pay for when you decide.
    </OpensSoonPage>
  );
}
