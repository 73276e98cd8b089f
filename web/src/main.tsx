import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { AnnouncerProvider } from './components/announcer';
import { ApiProvider } from './graphql/api-context';
import { createApi } from './graphql/client';
import './styles.css';
import './screens/settings/settings.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApiProvider api={createApi()}>
      <AnnouncerProvider>
        <App />
      </AnnouncerProvider>
    </ApiProvider>
  </StrictMode>,
);
