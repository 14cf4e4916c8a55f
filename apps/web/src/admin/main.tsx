// Entry of the HR console (/admin, admin.html): its own page and code, so antd never reaches the employee app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSiteFace } from '../lib/site-face';
import { ConsoleApp } from './console-app';

// The company's name and logo for the title bar, and the plants' names (公司信息), beside the session's call.
void loadSiteFace();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
}
