import { useId, useState } from 'react';
import { Button, Slider } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MaskLegendEntry } from '@pixora/catalog';
import { pickText, type MenuItem } from '../../../../api/menu.ts';
import { useLanguage } from '../../../../i18n/LanguageProvider.tsx';
import { Overlay } from '../../demo-kit/Overlay.tsx';
import {
  extraOf,
  imageSizeOf,
  imageSource,
  kindSpec,
  ratioOf,
  resultImage,
  withoutImageData,
  type KindResponse,
} from '../answer.ts';
import { KindDemo } from '../KindDemo.tsx';
import { percent } from '../../demo-kit/percent.ts';
import styles from '../Kinds.module.css';

/** How strongly the mask tints the photo at first, in percent. */
export const DEFAULT_OPACITY = 60;
/** The mask kind's share of the photo that is foreground (mask value 128 or more). */
const RATIO = 'foreground_ratio';

interface MaskOverlayProps {
  src: string;
  size: { width: number; height: number };
  opacity: number;
}

/** An image stretched over the whole photo (the SVG's user space is the photo's pixels). */
function SizedImage({
  src,
  size,
  opacity,
  testId,
}: {
  src: string;
  size: MaskOverlayProps['size'];
  opacity?: number;
  testId: string;
}) {
  return (
    <image
      href={src}
      x={0}
      y={0}
      width={size.width}
      height={size.height}
      preserveAspectRatio="none"
      {...(opacity === undefined ? {} : { opacity })}
      data-testid={testId}
    />
  );
}

/** The mask over the photo: a colour laid where the mask is white, as strong as `opacity`. */
function MaskOverlay({ src, size, opacity }: MaskOverlayProps) {
  const { t } = useTranslation();
  // An SVG mask reads luminance: white (foreground) lets the colour through, black hides it.
  const maskId = `mask-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <Overlay
      width={size.width}
      height={size.height}
      label={t('kindDemo.mask.overlayLabel')}
      testId="mask-overlay"
    >
      <defs>
        <mask id={maskId} maskUnits="userSpaceOnUse" x={0} y={0} width={size.width} height={size.height}>
          <SizedImage src={src} size={size} testId="mask-image" />
        </mask>
      </defs>
      <rect
        width={size.width}
        height={size.height}
        mask={`url(#${maskId})`}
        className={styles.maskLayer}
        opacity={opacity / 100}
        data-testid="mask-layer"
      />
    </Overlay>
  );
}

/**
 * A painting of the mask (the answer's image: a label image's colours, a map's values) over the
 * photo, as strong as `opacity`.
 */
function PaintedOverlay({ src, size, opacity, label }: MaskOverlayProps & { label: string }) {
  return (
    <Overlay width={size.width} height={size.height} label={label} testId="mask-overlay">
      <SizedImage src={src} size={size} opacity={opacity / 100} testId="mask-layer" />
    </Overlay>
  );
}

/** The legend of a label image: each label's colour and name. */
function Legend({ legend }: { legend: readonly MaskLegendEntry[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <div className={styles.legend}>
      <span className={styles.controlLabel}>{t('kindDemo.mask.legend')}</span>
      <ul data-testid="mask-legend">
        {legend.map((entry) => (
          <li key={entry.value}>
            <span className={styles.swatch} style={{ background: entry.colour }} aria-hidden />
            {pickText(entry.name, language)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The demo of the mask kind: the mask laid over the photo at an opacity the visitor chooses, the
 * share of the photo it covers, the cut-out (the photo with the mask as transparency), and both
 * to download. It reads the mask through the entry's view (`image`); the cut-out is the answer's
 * own image. A label image (a view with a legend) is shown as the answer's painted labels over the
 * photo, with the legend; its downloads are the painted labels and the label image.
 */
export function MaskDemo({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const id = useId();
  const [opacity, setOpacity] = useState(DEFAULT_OPACITY);
  const spec = kindSpec(item, 'mask');
  if (!spec) return null;
  const field = spec.view.image;
  const legend = spec.view.legend;
  // A map of values (a depth map) painted by the answer's image: shown like a label image, without a legend.
  const map = !legend && spec.view.painted === true;
  const painted = Boolean(legend) || map;
  const text = (labels: string, values: string, plain: string) =>
    t(legend ? `kindDemo.mask.${labels}` : map ? `kindDemo.mask.${values}` : `kindDemo.mask.${plain}`);
  // The mask is a greyscale PNG (8-bit; 16-bit for a map), base64 or its address with rsp_media_type url.
  const maskOf = (response: KindResponse) => imageSource(extraOf(response)?.[field], 'png');
  const fileName = (part: string) => `pixora-${item.extension.key ?? item.slug}-${part}.png`;
  return (
    <KindDemo
      item={item}
      kind="mask"
      spec={spec}
      isEmpty={(response) => !maskOf(response) || ratioOf(extraOf(response), RATIO) === 0}
      json={(response) => withoutImageData(response, field)}
      overlay={({ response }, size) => {
        const src = maskOf(response);
        const shown = imageSizeOf(extraOf(response), size);
        if (painted) {
          const image = resultImage(response);
          return image && shown ? (
            <PaintedOverlay
              src={image}
              size={shown}
              opacity={opacity}
              label={t(map ? 'kindDemo.mask.mapOverlay' : 'kindDemo.mask.labelsOverlay')}
            />
          ) : null;
        }
        return src && shown ? <MaskOverlay src={src} size={shown} opacity={opacity} /> : null;
      }}
      result={({ response }) => {
        const mask = maskOf(response);
        const cutout = resultImage(response);
        const ratio = ratioOf(extraOf(response), RATIO);
        return (
          <>
            {ratio !== undefined && (
              <p className={styles.count} data-testid="mask-ratio">
                {t(map ? 'kindDemo.mask.mapRatio' : 'kindDemo.mask.ratio', { value: percent(ratio) })}
              </p>
            )}
            {legend && <Legend legend={legend} />}
            <div className={styles.control}>
              <div className={styles.controlHead}>
                <span id={`${id}-opacity`} className={styles.controlLabel}>
                  {t('kindDemo.mask.opacity')}
                </span>
                <output className={styles.controlValue} htmlFor={`${id}-opacity-slider`}>
                  {opacity}%
                </output>
              </div>
              <Slider
                id={`${id}-opacity-slider`}
                min={0}
                max={100}
                value={opacity}
                onChange={setOpacity}
                ariaLabelledByForHandle={`${id}-opacity`}
                ariaValueTextFormatterForHandle={(value) => `${value ?? 0}%`}
                // The value is shown beside the label; a tooltip over it would only repeat it.
                tooltip={{ formatter: null }}
                data-testid="mask-opacity"
              />
            </div>
            {cutout && (
              <img
                src={cutout}
                alt={text('paintedAlt', 'mapAlt', 'cutoutAlt')}
                className={styles.cutout}
                data-testid="mask-cutout"
              />
            )}
            <div className={styles.downloads}>
              {cutout && (
                <Button
                  type="primary"
                  icon={<DownloadOutlined aria-hidden />}
                  href={cutout}
                  download={fileName('cutout')}
                  data-testid="mask-download-cutout"
                >
                  {text('downloadPainted', 'downloadMapPainted', 'downloadCutout')}
                </Button>
              )}
              {mask && (
                <Button
                  icon={<DownloadOutlined aria-hidden />}
                  href={mask}
                  download={fileName('mask')}
                  data-testid="mask-download-mask"
                >
                  {text('downloadLabels', 'downloadMap', 'downloadMask')}
                </Button>
              )}
            </div>
          </>
        );
      }}
    />
  );
}
