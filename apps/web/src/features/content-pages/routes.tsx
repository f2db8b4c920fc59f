import { useRoutes } from 'react-router';
import { NotFoundPage } from '../../shared/ui/not-available.tsx';

/** The content pages area (content layout, no sign-in): for now only the "not found" page. */
export function Component() {
  return useRoutes([{ path: '*', element: <NotFoundPage /> }]);
}
