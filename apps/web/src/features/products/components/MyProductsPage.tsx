import { OpensSoonPage } from '@/components/ui/OpensSoonPage';

/** /dashboard/myProducts (seller). Placeholder until seller listings ship. */
export function MyProductsPage() {
  return (
    <OpensSoonPage title="My Products">
      Your listed books will appear here, where you can advertise available ones or take them down.
    </OpensSoonPage>
  );
}
