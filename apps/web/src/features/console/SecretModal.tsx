import { useState } from 'react';
import { Alert, Button, Checkbox, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { curlExample } from '@pixora/catalog';
import type { AppWithSecret } from '../../api/console.ts';
import type { ExampleCall } from './capabilities.ts';
import { CopyField } from './CopyField.tsx';
import styles from './Console.module.css';

/**
 * The secret of an app, shown this once (after creating the app, resetting or rotating its secret):
 * the platform keeps it only hashed and sealed. The dialog stays until the developer says the
 * secret is stored.
 */
export function SecretModal({
  created,
  call,
  mode = 'created',
  onDone,
}: {
  created: AppWithSecret | null;
  /** A capability the key may call, for the example. */
  call: ExampleCall | null;
  /** How the secret came: with a new app, replacing the old one (reset), or beside it (rotated). */
  mode?: 'created' | 'reset' | 'rotated';
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [stored, setStored] = useState(false);
  const done = () => {
    setStored(false);
    onDone();
  };
  return (
    <Modal
      open={created !== null}
      title={t(mode === 'created' ? 'consoleApps.secret.title' : 'consoleApps.secret.resetTitle', {
        name: created?.app.name ?? '',
      })}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={640}
      footer={
        <Button type="primary" disabled={!stored} onClick={done} data-testid="secret-done">
          {t('consoleApps.secret.done')}
        </Button>
      }
    >
      {created && (
        <div data-testid="secret-modal">
          <Alert
            type="warning"
            showIcon
            className={styles.secretWarning}
            title={t('consoleApps.secret.once')}
            description={t(
              mode === 'created'
                ? 'consoleApps.secret.hint'
                : mode === 'reset'
                  ? 'consoleApps.secret.resetHint'
                  : 'consoleApps.secret.rotateHint',
            )}
          />
          <div className={styles.secretFacts}>
            <div>
              <span className={styles.secretLabel}>{t('consoleApps.fields.apiKey')}</span>
              <CopyField value={created.app.api_key} label="API Key" testId="secret-key" />
            </div>
            <div>
              <span className={styles.secretLabel}>{t('consoleApps.fields.apiSecret')}</span>
              <CopyField value={created.api_secret} label="API Secret" testId="secret-value" />
            </div>
          </div>
          {call && (
            <>
              <span className={styles.secretLabel}>{t('consoleApps.secret.example')}</span>
              <pre className={styles.codeBlock} data-testid="secret-example">
                {curlExample({
                  origin: window.location.origin,
                  endpoint: call.endpoint,
                  samples: call.samples,
                  key: created.app.api_key,
                  secret: created.api_secret,
                })}
              </pre>
            </>
          )}
          <Checkbox
            checked={stored}
            onChange={(event) => setStored(event.target.checked)}
            style={{ marginTop: 16 }}
            data-testid="secret-stored"
          >
            {t('consoleApps.secret.stored')}
          </Checkbox>
        </div>
      )}
    </Modal>
  );
}
