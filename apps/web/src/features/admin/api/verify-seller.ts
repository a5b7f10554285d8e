import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSellerDto } from '@bindings/AdminSellerDto';
import { invalidateStorefront } from '@/lib/query-client';
import { authRequest } from '@/lib/session-token';
import { SELLERS_KEY } from './admin-keys';
import type { SellersPage } from './get-sellers';

/** POST /api/admin/sellers/{id}/verify (admin): the seller's books show the verified badge from now on. */
export function verifySeller(sellerId: string): Promise<AdminSellerDto> {
  return authRequest<AdminSellerDto>(`/api/admin/sellers/${encodeURIComponent(sellerId)}/verify`, { method: 'POST' });
}

export function useVerifySeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySeller,
    onSuccess: (seller) => {
      queryClient.setQueriesData<SellersPage>({ queryKey: SELLERS_KEY }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === seller.id ? seller : item)) } : page,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: SELLERS_KEY });
      // Book cards and pages carry the seller's verified badge.
      void invalidateStorefront(queryClient);
    },
  });
}
