import { Alert, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../../api/menu.ts';
import { BeforeAfter } from '../../demo-kit/BeforeAfter.tsx';
import { kindSpec, resultImage, withoutImageData, type KindResponse } from '../answer.ts';
import { KindDemo } from '../KindDemo.tsx';
import styles from '../Kinds.module.css';

/**
 * The demo of the image kind: the new image over the photo, before and after split by a divider
 * the visitor drags or moves with the arrow keys, and the new image to download.
 */
export function ImageDemo({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const spec = kindSpec(item, 'image');
  if (!spec) return null;
  const extension = (response: KindResponse) =>
    response.media_info_list[0]?.media_profiles?.media_data_type === 'png' ? 'png' : 'jpg';
  return (
    <KindDemo
      item={item}
      kind="image"
      spec={spec}
      // An image kind always answers an image; one without is said as such, not as "nothing found".
      isEmpty={() => false}
      json={(response) => withoutImageData(response)}
      overlay={({ response }) => {
        const image = resultImage(response);
        return image ? <BeforeAfter after={image} alt={t('kindDemo.image.resultAlt')} /> : null;
      }}
      result={({ response }) => {
        const image = resultImage(response);
        if (!image)
          return (
            <Alert type="warning" showIcon title={t('kindDemo.image.noImage')} data-testid="image-missing" />
          );
        return (
          <>
            <p className={styles.note}>{t('kindDemo.image.dragHint')}</p>
            <div className={styles.downloads}>
              <Button
                type="primary"
                icon={<DownloadOutlined aria-hidden />}
                href={image}
                download={`pixora-${item.extension.key ?? item.slug}.${extension(response)}`}
                data-testid="image-download"
              >
                {t('kindDemo.image.download')}
              </Button>
            </div>
          </>
        );
      }}
    />
  );
}
