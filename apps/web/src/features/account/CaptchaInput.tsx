import { Input, Spin } from 'antd';
import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './Account.module.css';

/** The captcha answer field with its image; clicking the image asks for a new captcha. */
export function CaptchaInput(props: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  imageUrl: string | null;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.captchaRow}>
      <Input
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange?.(event.target.value)}
        prefix={<SafetyOutlined aria-hidden />}
        placeholder={t('account.placeholders.captcha')}
        autoComplete="off"
        maxLength={8}
        size="large"
        data-testid="captcha-input"
      />
      <button
        type="button"
        className={styles.captchaImage}
        onClick={props.onRefresh}
        aria-label={t('account.captcha.refresh')}
        title={t('account.captcha.refresh')}
        data-testid="captcha-refresh"
      >
        {props.imageUrl ? (
          <img src={props.imageUrl} alt={t('account.captcha.alt')} data-testid="captcha-image" />
        ) : props.loading ? (
          <Spin size="small" />
        ) : (
          <span className={styles.captchaFailed}>
            <ReloadOutlined aria-hidden />{' '}
            {props.failed ? t('account.captcha.failed') : t('account.captcha.load')}
          </span>
        )}
      </button>
    </div>
  );
}
