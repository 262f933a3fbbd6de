import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createAdminQueryClient } from '../api/query-client';
import { rewriteOldLinks } from './old-links';
import { createConsoleRouter } from './router';
import './admin.css';

const root = document.getElementById('admin-root');
if (root) {
  rewriteOldLinks();
  const router = createConsoleRouter();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createAdminQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
