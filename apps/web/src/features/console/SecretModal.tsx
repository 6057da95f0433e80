import { useState } from 'react';
import { Alert, Button, Checkbox, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { curlExample } from '@pixora/catalog';
import type { AppWithSecret } from '../../api/console.ts';
import type { ExampleCall } from './capabilities.ts';
import { CopyField } from './CopyField.tsx';
import styles from './Console.module.css';

/**
 * The secret of an app, shown this once (after creating the app or resetting its secret): the
 * platform keeps only its hash. The dialog stays until the developer says the secret is stored.
 */
export function SecretModal({
  created,
  call,
  reset,
  onDone,
}: {
  created: AppWithSecret | null;
  /** A capability the key may call, for the example. */
  call: ExampleCall | null;
  /** The secret replaces an older one. */
  reset?: boolean;
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
      title={t(reset ? 'consoleApps.secret.resetTitle' : 'consoleApps.secret.title', {
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
            description={t(reset ? 'consoleApps.secret.resetHint' : 'consoleApps.secret.hint')}
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
