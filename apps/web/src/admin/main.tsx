// Entry of the HR console (/admin, admin.html): its own page and code, so antd never reaches the employee app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './console-app';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
}
