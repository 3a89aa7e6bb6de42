import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { NavigatorBridge } from './NavigatorBridge';
import { ScrollToTop } from './ScrollToTop';
import { TopBar } from '../features/top-bar/TopBar';
import styles from './App.module.css';

export function App() {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <ScrollToTop />
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <AppRoutes />
      </main>
    </BrowserRouter>
  );
}
