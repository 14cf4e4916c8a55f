// Entry point: global styles and the React root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
// First, before the router moves: WeChat on iOS signs the address the app was entered with.
import './lib/entry-url';
import { restoreLargeText } from './lib/large-text';
import { loadSiteFace } from './lib/site-face';
import './styles/global.css';
import './styles/large-text.css';

// 长辈版 as this phone last had it, before the first paint.
restoreLargeText();

// The company's name, logo and footer (公司信息), asked for once per page load, beside the screen's own code.
void loadSiteFace();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
