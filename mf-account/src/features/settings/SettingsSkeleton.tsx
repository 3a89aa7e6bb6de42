import { Skeleton, VisuallyHidden } from '@devcircle/ui';
import form from '../../components/Form.module.css';
import skeleton from '../../components/AuthCardSkeleton.module.css';
import { SettingsSection } from './SettingsSection';
import { NOTIFICATION_SWITCHES, PRIVACY_SWITCH, SECTIONS, SETTINGS_TITLE } from './settingsText';
import { SwitchPlaceholder } from './Switch';
import styles from './SettingsScreen.module.css';

const control = <Skeleton height="var(--tap-target)" radius="var(--radius-md)" />;

/**
 * /settings while its code (or the signed-in user) loads: the title and the four cards with their words, each
 * control's place kept (fields, buttons, switches), so the screen takes over without moving anything.
 */
export function SettingsSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <VisuallyHidden role="status">Loading settings</VisuallyHidden>
      <h1 className={styles.title}>{SETTINGS_TITLE}</h1>
      <div className={styles.sections}>
        <SettingsSection {...SECTIONS.password}>
          <div className={form.form} aria-hidden="true">
            {Array.from({ length: 3 }, (_, index) => (
              <div key={index} className={skeleton.field}>
                <div className={skeleton.textLine}>
                  <Skeleton width="40%" height="0.875em" />
                </div>
                {control}
              </div>
            ))}
            <div className={form.submit}>{control}</div>
          </div>
        </SettingsSection>
        <SettingsSection {...SECTIONS.notifications}>
          {NOTIFICATION_SWITCHES.map(({ key, label, hint }) => (
            <SwitchPlaceholder key={key} label={label} hint={hint} />
          ))}
        </SettingsSection>
        <SettingsSection {...SECTIONS.privacy}>
          <SwitchPlaceholder {...PRIVACY_SWITCH} />
        </SettingsSection>
        <SettingsSection {...SECTIONS.deleteAccount} tone="danger">
          <div className={styles.start} aria-hidden="true">
            <Skeleton width="12em" height="var(--tap-target)" radius="var(--radius-md)" />
          </div>
        </SettingsSection>
      </div>
    </div>
  );
}
