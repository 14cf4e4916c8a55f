// Entry point: global styles, keyboard activation, the React root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installKeyboardActivation } from './lib/keyboard';
import './styles/global.css';

installKeyboardActivation();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
