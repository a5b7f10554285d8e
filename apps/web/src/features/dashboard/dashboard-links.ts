import type { IconType } from 'react-icons';
import { LuBookPlus, LuFlag, LuHeart, LuLibrary, LuPackage, LuStore, LuTags, LuUsers } from 'react-icons/lu';
import type { AccountRoleDto } from '@bindings/AccountRoleDto';

/** A page of the drawer: its label is `links.<page>` in the dashboard's texts, its welcome-panel line `blurbs.<page>`. */
export type DashboardPageName = 'myOrders' | 'myWishList' | 'addAProduct' | 'myProducts' | 'allSeller' | 'allBuyer' | 'categories' | 'reports';

export interface DashboardLink {
  to: string;
  page: DashboardPageName;
  icon: IconType;
}

/** The drawer's links per role (spec section 2): each role sees only its own. */
export const DASHBOARD_LINKS: Record<AccountRoleDto, DashboardLink[]> = {
  buyer: [
    { to: '/dashboard/myOrders', page: 'myOrders', icon: LuPackage },
    { to: '/dashboard/myWishList', page: 'myWishList', icon: LuHeart },
  ],
  seller: [
    { to: '/dashboard/addAProduct', page: 'addAProduct', icon: LuBookPlus },
    { to: '/dashboard/myProducts', page: 'myProducts', icon: LuLibrary },
  ],
  admin: [
    { to: '/dashboard/allSeller', page: 'allSeller', icon: LuStore },
    { to: '/dashboard/allBuyer', page: 'allBuyer', icon: LuUsers },
    { to: '/dashboard/categories', page: 'categories', icon: LuTags },
    { to: '/dashboard/reports', page: 'reports', icon: LuFlag },
  ],
};
