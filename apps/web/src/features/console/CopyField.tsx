import { Button, Tooltip } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { copyText } from '../../components/share.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import styles from './Console.module.css';

/** A value in monospace with a copy button; `label` names the value for screen readers. */
export function CopyField({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const copy = async () => {
    const done = await copyText(value);
    const content = t(done ? 'consoleApps.copied' : 'consoleApps.copyFailed');
    const duration = MESSAGE_DURATION_MS / 1000;
    void (done ? message.success({ content, duration }) : message.error({ content, duration }));
  };
  return (
    <span className={styles.copyField}>
      <code className={styles.code} data-testid={testId}>
        {value}
      </code>
      <Tooltip title={t('consoleApps.copy')}>
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined aria-hidden />}
          onClick={() => void copy()}
          aria-label={t('consoleApps.copyWhat', { what: label })}
          data-testid={testId ? `${testId}-copy` : undefined}
        />
      </Tooltip>
    </span>
  );
}
