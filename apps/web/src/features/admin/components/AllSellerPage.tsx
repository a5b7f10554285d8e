import { OpensSoonPage } from '@/components/ui/OpensSoonPage';

/** /dashboard/allSeller (admin). Placeholder until seller management ships. */
export function AllSellerPage() {
  return (
    <OpensSoonPage title="All Seller">
      Every seller account will be listed here, with Verify and Delete actions.
    </OpensSoonPage>
  );
}
