import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startInterfaceLanguage } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first paint is already in the reader's language and direction (an Arabic reader's texts load first).
void startInterfaceLanguage().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
