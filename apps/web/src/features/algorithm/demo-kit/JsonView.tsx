import { Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MESSAGE_DURATION_MS } from '../../../api/errors.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { formatJson } from './formatJson.ts';
import styles from './Demo.module.css';

/** The raw answer of the gateway, folded, with a copy button. */
export function JsonView({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const message = useMessage();
  const json = formatJson(value);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      void message.success({ content: t('demo.result.copySuccess'), duration: MESSAGE_DURATION_MS / 1000 });
    } catch {
      void message.error({ content: t('demo.result.copyFailure'), duration: MESSAGE_DURATION_MS / 1000 });
    }
  };

  return (
    <details className={styles.json}>
      <summary>{t('demo.result.json')}</summary>
      <div className={styles.jsonBar}>
        <Button
          size="small"
          icon={<CopyOutlined aria-hidden />}
          onClick={() => void copy()}
          data-testid="demo-copy-json"
        >
          {t('demo.result.copy')}
        </Button>
      </div>
      <pre className={styles.jsonText} tabIndex={0} data-testid="demo-result-json">
        {json}
      </pre>
    </details>
  );
}
