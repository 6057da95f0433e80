import { Result } from 'antd';
import { NavButton } from '../../components/NavButton.tsx';
import { useTranslation } from 'react-i18next';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className={`wrap ${styles.page}`}>
      <Result
        status="404"
        title={<h1 className={styles.title}>{t('notFound.title')}</h1>}
        subTitle={t('notFound.description')}
        extra={
          <NavButton type="primary" to="/index">
            {t('notFound.backHome')}
          </NavButton>
        }
      />
    </div>
  );
}
