import { Button, type ButtonProps } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useShare } from './useShare.ts';

/** A button that shares `url` (default: the page shown); see `useShare`. */
export function ShareButton({
  url,
  title,
  iconOnly = false,
  ...props
}: Omit<ButtonProps, 'onClick' | 'href' | 'loading'> & { url?: string; title?: string; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const { share, busy } = useShare();

  return (
    <Button
      icon={<ShareAltOutlined aria-hidden />}
      aria-label={iconOnly ? t('share.share') : undefined}
      title={iconOnly ? t('share.share') : undefined}
      {...props}
      loading={busy}
      onClick={() => void share({ url, title })}
      data-testid="share-button"
    >
      {iconOnly ? null : t('share.share')}
    </Button>
  );
}
