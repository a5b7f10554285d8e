import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Spinner } from '@/components/ui/Spinner';
import { AllBuyerPage } from '@/features/admin/components/AllBuyerPage';
import { AllSellerPage } from '@/features/admin/components/AllSellerPage';
import { LoginPage } from '@/features/auth/components/LoginPage';
import { RequireAuth } from '@/features/auth/components/RequireAuth';
import { SignupPage } from '@/features/auth/components/SignupPage';
import { BlogPage } from '@/features/blog/components/BlogPage';
import { AdvertisePage } from '@/features/catalogue/components/AdvertisePage';
import { BookPage } from '@/features/catalogue/components/BookPage';
import { CategoryPage } from '@/features/catalogue/components/CategoryPage';
import { ShopPage } from '@/features/catalogue/components/ShopPage';
import { DashboardHome } from '@/features/dashboard/components/DashboardHome';
import { DashboardLayout } from '@/features/dashboard/components/DashboardLayout';
import { NotFoundPage } from '@/features/errors/components/NotFoundPage';
import { RouteErrorPage } from '@/features/errors/components/RouteErrorPage';
import { MyOrdersPage } from '@/features/orders/components/MyOrdersPage';
import { AddAProductPage } from '@/features/products/components/AddAProductPage';
import { MyProductsPage } from '@/features/products/components/MyProductsPage';
import { MyWishListPage } from '@/features/wishlist/components/MyWishListPage';
import { MainLayout } from './layouts/MainLayout';
import { HomePage } from './routes/HomePage';

// The payment pages carry Stripe's code: their own chunk, fetched only when one of them opens.
const OrderPaymentPage = lazy(() => import('@/features/payments/components/OrderPaymentPage').then((m) => ({ default: m.OrderPaymentPage })));
const WishListPaymentPage = lazy(() => import('@/features/payments/components/WishListPaymentPage').then((m) => ({ default: m.WishListPaymentPage })));
const paymentPage = (page: ReactNode) => <Suspense fallback={<Spinner label="Loading the payment page" />}>{page}</Suspense>;

/**
 * /dashboard and its pages (spec section 2). Every one needs a signed-in user; the role pages need that role as the
 * server reports it. Everyone else is sent to /login, which brings them back here afterwards.
 */
const dashboard: RouteObject = {
  path: 'dashboard',
  element: <RequireAuth />,
  children: [
    {
      element: <DashboardLayout />,
      children: [
        { index: true, element: <DashboardHome /> },
        {
          element: <RequireAuth role="buyer" />,
          children: [
            { path: 'myOrders', element: <MyOrdersPage /> },
            { path: 'myWishList', element: <MyWishListPage /> },
            { path: 'payment/:id', element: paymentPage(<OrderPaymentPage />) },
            { path: 'payment2/:id', element: paymentPage(<WishListPaymentPage />) },
          ],
        },
        {
          element: <RequireAuth role="seller" />,
          children: [
            { path: 'addAProduct', element: <AddAProductPage /> },
            { path: 'myProducts', element: <MyProductsPage /> },
          ],
        },
        {
          element: <RequireAuth role="admin" />,
          children: [
            { path: 'allSeller', element: <AllSellerPage /> },
            { path: 'allBuyer', element: <AllBuyerPage /> },
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
    element: <MainLayout />,
    // Errors in the layout itself fall back to a bare page...
    errorElement: <RouteErrorPage standalone />,
    children: [
      {
        // ...errors in a page render inside the layout, keeping the navigation usable.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'home', element: <HomePage /> },
          { path: 'shop', element: <ShopPage /> },
          { path: 'advertise', element: <AdvertisePage /> },
          { path: 'blog', element: <BlogPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'signup', element: <SignupPage /> },
          { element: <RequireAuth />, children: [{ path: 'category/:id', element: <CategoryPage /> }] },
          { path: 'books/:id', element: <BookPage /> },
          dashboard,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
