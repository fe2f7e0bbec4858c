import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { BackOffice } from './back-office.tsx';
import './admin.css';

const root = document.getElementById('admin-root');
if (!root) throw new Error('index.html has no #admin-root');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter basename="/admin">
      <BackOffice />
    </BrowserRouter>
  </StrictMode>,
);
