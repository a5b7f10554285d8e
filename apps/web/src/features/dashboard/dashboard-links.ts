import type { IconType } from 'react-icons';
import { LuBookPlus, LuHeart, LuLibrary, LuPackage, LuStore, LuTags, LuUsers } from 'react-icons/lu';
import type { AccountRoleDto } from '@bindings/AccountRoleDto';

export interface DashboardLink {
  to: string;
  label: string;
  icon: IconType;
  /** One line for the welcome panel. */
  blurb: string;
}

/** The drawer's links per role (spec section 2): each role sees only its own. */
export const DASHBOARD_LINKS: Record<AccountRoleDto, DashboardLink[]> = {
  buyer: [
    { to: '/dashboard/myOrders', label: 'My Orders', icon: LuPackage, blurb: 'Track the books you ordered and pay for them.' },
    { to: '/dashboard/myWishList', label: 'Wish List', icon: LuHeart, blurb: 'The books you are keeping an eye on.' },
  ],
  seller: [
    { to: '/dashboard/addAProduct', label: 'Add A Product', icon: LuBookPlus, blurb: 'List a used book for sale.' },
    { to: '/dashboard/myProducts', label: 'My Products', icon: LuLibrary, blurb: 'Your listings: advertise or remove them.' },
  ],
  admin: [
    { to: '/dashboard/allSeller', label: 'All Seller', icon: LuStore, blurb: 'Verify or remove seller accounts.' },
    { to: '/dashboard/allBuyer', label: 'All Buyer', icon: LuUsers, blurb: 'Review and remove buyer accounts.' },
    { to: '/dashboard/categories', label: 'Categories', icon: LuTags, blurb: 'Rename, merge or delete categories.' },
  ],
};

export const ROLE_LABELS: Record<AccountRoleDto, string> = { buyer: 'Buyer', seller: 'Seller', admin: 'Admin' };
