// First: configures zod before any module creates a schema.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Self-hosted fonts: Hind Siliguri covers Latin and Bengali (including the taka sign ৳); Lora for headings.
import '@fontsource/hind-siliguri/400.css';
import '@fontsource/hind-siliguri/500.css';
import '@fontsource/hind-siliguri/600.css';
import '@fontsource/hind-siliguri/700.css';
import '@fontsource/lora/latin-600.css';
import '@fontsource/lora/latin-700.css';
import './index.css';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
