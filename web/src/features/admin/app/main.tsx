import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { AdminApp } from './admin-app';
import { createAdminQueryClient } from '../api/query-client';
import './admin.css';

const root = document.getElementById('admin-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createAdminQueryClient()}>
        <AdminApp />
      </QueryClientProvider>
    </StrictMode>,
  );
}
