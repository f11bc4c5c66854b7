// First: no schema may be parsed before zod is told not to probe for eval (CSP).
import './lib/zod-without-eval.ts';
import './lib/zod-spanish.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@aws-amplify/ui-react/styles.css';
import './app/app.css';
import { App } from './app/App.tsx';
import { browserLocale, setLocale } from './i18n/index.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Before anyone signs in the browser's language speaks (docs/i18n.md); a signed-in user's own
// choice follows with their session (features/auth). Spanish is drawn if the texts fail to load.
void setLocale(browserLocale())
  .catch(() => undefined)
  .finally(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
