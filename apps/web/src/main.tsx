// Entry point: global styles and the React root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
// First, before the router moves: WeChat on iOS signs the address the app was entered with.
import './lib/entry-url';
import './styles/global.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
