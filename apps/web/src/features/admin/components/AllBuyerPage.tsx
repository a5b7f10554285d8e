import { OpensSoonPage } from '@/components/ui/OpensSoonPage';

/** /dashboard/allBuyer (admin). Placeholder until buyer management ships. */
export function AllBuyerPage() {
  return <OpensSoonPage title="All Buyer">Every buyer account will be listed here, with a Delete action.</OpensSoonPage>;
}
