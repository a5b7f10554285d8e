import { useEffect, useState, type ComponentType } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams, type Params, type RouteObject } from 'react-router-dom';
import { Spinner } from '@/components/ui/Spinner';
import { RequireAuth } from '@/features/auth/components/RequireAuth';
import { NotFoundPage } from '@/features/errors/components/NotFoundPage';
import { prefetchShop } from '@/features/catalogue/api/get-grouped-books';
import { prefetchSeller } from '@/features/sellers/api/get-seller';
import { prefetchBook } from '@/lib/api/get-book';
import type { Catalogue, Namespace } from '@/lib/i18n/catalogue';
import { textToken } from '@/lib/i18n/problem';
import { loadTexts } from '@/lib/i18n/translations';
import { MainLayout } from './layouts/MainLayout';
import { RouteErrors } from './RouteErrorBoundary';
import { preloadAvatarMenu } from './layouts/Navbar';
import { HomePage } from './routes/HomePage';

/** Every page fetched on demand, so tests (and anything else that must not wait) can load them all up front. */
const preloads: (() => Promise<void>)[] = [];

interface PageOptions {
  /** What the spinner says while the page's code arrives. */
  label?: keyof Catalogue<'common'>['loading'];
  /** Starts fetching the page's data (and its first picture) while its code is still arriving; see `page`. */
  prefetch?: (queryClient: QueryClient, params: Params) => void;
  /** The parts of the catalogue the page reads besides the common texts: fetched together with its code. */
  texts?: Namespace[];
}

/**
 * A page whose code is fetched when it first opens. The start-up JavaScript holds only the layout and the home page:
 * every other page (and what it alone needs: the forms library, the SDK of the identity service on the sign-in pages,
 * Stripe's code on the payment pages) comes in a chunk of its own. While it arrives, a spinner holds the page's place
 * with the height of a screen, so the footer does not jump up and back down, and `prefetch` (if given) asks for the
 * page's data at the same time rather than after the code has come. Once loaded, the page renders at once.
 *
 * Not React.lazy: React holds the content of a Suspense boundary back for up to 300 ms after its fallback appeared
 * (to reveal nearby boundaries together), so a page whose code and data were in hand sooner still waited for that.
 */
function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  { label = 'page', prefetch, texts = [] }: PageOptions = {},
) {
  let loaded: ComponentType | null = null;
  const fetchPage = async () => {
    if (!loaded) {
      const [module] = await Promise.all([load(), loadTexts(...texts)]);
      loaded = module[name] as ComponentType;
    }
    return loaded;
  };
  preloads.push(async () => {
    await fetchPage();
  });
  function Page() {
    const [Loaded, setLoaded] = useState<ComponentType | null>(() => loaded);
    const [failure, setFailure] = useState<unknown>(null);
    const queryClient = useQueryClient();
    const { t } = useTranslation();
    const params = useParams();
    const paramsKey = JSON.stringify(params);
    useEffect(() => {
      if (loaded) return;
      // Only while the code is still on its way: once it is here, the page asks for its data itself, at once.
      prefetch?.(queryClient, JSON.parse(paramsKey) as Params);
    }, [queryClient, paramsKey]);
    useEffect(() => {
      if (Loaded) return;
      let current = true;
      fetchPage().then(
        (component) => current && setLoaded(() => component),
        // The chunk could not be fetched (offline, or a release replaced it): the route's error page says so.
        // "The page could not be loaded", in the reader's language.
        (error: unknown) => current && setFailure(error ?? new Error(textToken('common:routeError.pageNotLoaded'))),
      );
      return () => {
        current = false;
      };
    }, [Loaded]);
    if (failure) throw failure;
    if (Loaded) return <Loaded />;
    return <Spinner label={t(`loading.${label}`)} className="min-h-dvh pb-40" />;
  }
  return <Page />;
}

/** Loads the code of every page (and of the signed-in account menu), so none of them waits for its chunk. */
export async function preloadPages(): Promise<void> {
  await Promise.all([...preloads.map((preload) => preload()), preloadAvatarMenu()]);
}

const shopTexts: PageOptions = { texts: ['shop'] };
const authTexts: PageOptions = { texts: ['auth'] };
const dashboardTexts: PageOptions = { texts: ['dashboard'] };
const buyingTexts: PageOptions = { texts: ['buying'] };

const load = {
  shop: () => import('@/features/catalogue/components/ShopPage'),
  advertise: () => import('@/features/catalogue/components/AdvertisePage'),
  book: () => import('@/features/catalogue/components/BookPage'),
  seller: () => import('./routes/SellerPage'),
  category: () => import('@/features/catalogue/components/CategoryPage'),
  search: () => import('@/features/catalogue/components/SearchPage'),
  blog: () => import('@/features/blog/components/BlogPage'),
  login: () => import('@/features/auth/components/LoginPage'),
  signup: () => import('@/features/auth/components/SignupPage'),
  dashboardLayout: () => import('@/features/dashboard/components/DashboardLayout'),
  dashboardHome: () => import('@/features/dashboard/components/DashboardHome'),
  myOrders: () => import('@/features/orders/components/MyOrdersPage'),
  myWishList: () => import('@/features/wishlist/components/MyWishListPage'),
  orderPayment: () => import('@/features/payments/components/OrderPaymentPage'),
  wishListPayment: () => import('@/features/payments/components/WishListPaymentPage'),
  addListing: () => import('@/features/listings/components/AddListingPage'),
  myListings: () => import('@/features/listings/components/MyListingsPage'),
  allSeller: () => import('@/features/admin/components/AllSellerPage'),
  allBuyer: () => import('@/features/admin/components/AllBuyerPage'),
  sellerBooks: () => import('@/features/admin/components/SellerBooksPage'),
  buyerOrders: () => import('@/features/admin/components/BuyerOrdersPage'),
  categories: () => import('@/features/admin/components/CategoriesPage'),
  reports: () => import('@/features/admin/components/ReportsPage'),
};

/**
 * /dashboard and its pages (spec section 2). Every one needs a signed-in user; the role pages need that role as the
 * server reports it. Everyone else is sent to /login, which brings them back here afterwards.
 */
const dashboard: RouteObject = {
  path: 'dashboard',
  element: <RequireAuth />,
  children: [
    {
      element: page(load.dashboardLayout, 'DashboardLayout', dashboardTexts),
      children: [
        { index: true, element: page(load.dashboardHome, 'DashboardHome', dashboardTexts) },
        {
          element: <RequireAuth role="buyer" />,
          children: [
            { path: 'myOrders', element: page(load.myOrders, 'MyOrdersPage', { texts: ['buying', 'reviews'] }) },
            { path: 'myWishList', element: page(load.myWishList, 'MyWishListPage', buyingTexts) },
            { path: 'payment/:id', element: page(load.orderPayment, 'OrderPaymentPage', { label: 'payment', texts: ['buying', 'reviews'] }) },
            { path: 'payment2/:id', element: page(load.wishListPayment, 'WishListPaymentPage', { label: 'payment', texts: ['buying', 'reviews'] }) },
          ],
        },
        {
          element: <RequireAuth role="seller" />,
          children: [
            { path: 'addAProduct', element: page(load.addListing, 'AddListingPage', dashboardTexts) },
            { path: 'myProducts', element: page(load.myListings, 'MyListingsPage', { texts: ['dashboard', 'reports'] }) },
          ],
        },
        {
          element: <RequireAuth role="admin" />,
          children: [
            { path: 'allSeller', element: page(load.allSeller, 'AllSellerPage', dashboardTexts) },
            { path: 'allBuyer', element: page(load.allBuyer, 'AllBuyerPage', dashboardTexts) },
            { path: 'allSeller/:id', element: page(load.sellerBooks, 'SellerBooksPage', dashboardTexts) },
            { path: 'allBuyer/:id', element: page(load.buyerOrders, 'BuyerOrdersPage', dashboardTexts) },
            { path: 'categories', element: page(load.categories, 'CategoriesPage', dashboardTexts) },
            { path: 'reports', element: page(load.reports, 'ReportsPage', { texts: ['dashboard', 'reports'] }) },
          ],
        },
      ],
    },
  ],
};

/** Every route of the app. Exported separately so tests can mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    path: '/',
    // Errors in the layout itself fall back to a bare page...
    element: (
      <RouteErrors standalone>
        <MainLayout />
      </RouteErrors>
    ),
    children: [
      {
        // ...errors in a page render inside the layout, keeping the navigation usable.
        element: (
          <RouteErrors>
            <Outlet />
          </RouteErrors>
        ),
        children: [
          { index: true, element: <HomePage /> },
          { path: 'home', element: <HomePage /> },
          { path: 'shop', element: page(load.shop, 'ShopPage', { prefetch: prefetchShop, texts: ['shop'] }) },
          { path: 'advertise', element: page(load.advertise, 'AdvertisePage', shopTexts) },
          { path: 'search', element: page(load.search, 'SearchPage', { label: 'search', texts: ['shop'] }) },
          { path: 'blog', element: page(load.blog, 'BlogPage', { texts: ['blog'] }) },
          { path: 'login', element: page(load.login, 'LoginPage', authTexts) },
          { path: 'signup', element: page(load.signup, 'SignupPage', authTexts) },
          { element: <RequireAuth />, children: [{ path: 'category/:id', element: page(load.category, 'CategoryPage', shopTexts) }] },
          { path: 'books/:id', element: page(load.book, 'BookPage', { prefetch: (client, { id }) => id && prefetchBook(client, id), texts: ['shop', 'reviews', 'reports'] }) },
          { path: 'sellers/:id', element: page(load.seller, 'SellerPage', { prefetch: (client, { id }) => id && prefetchSeller(client, id), texts: ['reviews', 'shop', 'reports'] }) },
          dashboard,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
