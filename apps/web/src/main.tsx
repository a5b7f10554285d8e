// First: configures zod before any module creates a schema.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Self-hosted fonts: Hind Siliguri covers Latin and Bengali (including the taka sign ৳); Lora for headings. Three
// faces for Latin text: each is a download a phone waits for before the page settles, and the six faces this used to
// load (four weights of one, two of the other) weighed as much as React. Text asking for a weight in between (500,
// 700) is drawn with the nearest face the browser has: 400 for medium, 600 for bold, Lora 700 for semibold headings.
import '@fontsource/hind-siliguri/400.css';
import '@fontsource/hind-siliguri/600.css';
import '@fontsource/lora/latin-700.css';
// After the faces above: its smaller faces (the taka sign, ASCII) must be declared after the packaged ones.
import './fonts.css';
import './index.css';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
