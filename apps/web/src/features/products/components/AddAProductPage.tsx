import { OpensSoonPage } from '@/components/ui/OpensSoonPage';

/** /dashboard/addAProduct (seller). Placeholder until listing books ships. */
export function AddAProductPage() {
  return (
    <OpensSoonPage title="Add A Product">
      The form for listing a book, with its picture, prices and condition, will be here.
    </OpensSoonPage>
  );
}
