import type { RouteObject } from 'react-router-dom';
import { LoginPage, SignupPage } from '@/features/auth/components/AccountsSoonPage';
import { BlogPage } from '@/features/blog/components/BlogPage';
import { AdvertisePage } from '@/features/catalogue/components/AdvertisePage';
import { BookPage } from '@/features/catalogue/components/BookPage';
import { CategoryPage } from '@/features/catalogue/components/CategoryPage';
import { ShopPage } from '@/features/catalogue/components/ShopPage';
import { NotFoundPage } from '@/features/errors/components/NotFoundPage';
import { RouteErrorPage } from '@/features/errors/components/RouteErrorPage';
import { MainLayout } from './layouts/MainLayout';
import { HomePage } from './routes/HomePage';

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
          { path: 'category/:id', element: <CategoryPage /> },
          { path: 'books/:id', element: <BookPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
