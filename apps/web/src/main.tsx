import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { applyZodLocale } from '@vendaval/core/zod-locale';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

applyZodLocale();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
