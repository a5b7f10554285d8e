import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AppProviders } from './providers';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app: react-router's declarative router over the route table. Its data router (loaders, actions, fetchers)
 * would add 17 KiB to the start-up JavaScript for none of them: pages fetch their own data with React Query.
 */
export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
