// First: no schema may be parsed before zod is told not to probe for eval (CSP).
import './lib/zod-without-eval.ts';
import './lib/zod-spanish.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@aws-amplify/ui-react/styles.css';
import './app/app.css';
import { App } from './app/App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
