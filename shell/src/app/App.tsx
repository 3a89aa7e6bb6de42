import { BrowserRouter } from 'react-router-dom';
import { useAuth } from '@devcircle/sdk/react';
import { AppRoutes } from './AppRoutes';
import { NavigatorBridge } from './NavigatorBridge';
import { ScrollToTop } from './ScrollToTop';
import { Footer } from '../features/footer/Footer';
import { BottomTabBar } from '../features/navigation/BottomTabBar';
import { SideRail } from '../features/navigation/SideRail';
import { RealtimeNotifications } from '../features/realtime/RealtimeNotifications';
import { Splash } from '../features/splash/Splash';
import { TopBar } from '../features/top-bar/TopBar';
import styles from './App.module.css';

/** Top bar on every width, the rail from 768 px and the tab bar below it when signed in (§2, §9; issue 21). */
export function App() {
  const { loading, authenticated, user } = useAuth();
  const signedInUser = !loading && authenticated ? user : null;
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <RealtimeNotifications />
      <ScrollToTop />
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <TopBar />
      <div className={styles.body}>
        {signedInUser && <SideRail user={signedInUser} />}
        <div className={signedInUser ? `${styles.column} ${styles.withTabBar}` : styles.column}>
          <main id="main" className={styles.main} tabIndex={-1}>
            <AppRoutes />
          </main>
          <Footer />
        </div>
      </div>
      {signedInUser && <BottomTabBar user={signedInUser} />}
      <Splash />
    </BrowserRouter>
  );
}
