import { useState, type ReactNode } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { I18nText, Noun, Rectangle } from '@pixora/catalog';
import { useCallAlgorithm, useReportedParameters } from '../demo-kit/demoCaller.ts';
import { pickText, type MenuItem } from '../../../api/menu.ts';
import { useLanguage } from '../../../i18n/LanguageProvider.tsx';
import type { ImageSize } from '../demo-kit/PhotoStage.tsx';
import { SingleImageDemo, type ResultView } from '../demo-kit/SingleImageDemo.tsx';
import { ParameterControls } from './ParameterControls.tsx';
import { initialValues, parameterOf, type ControlValues } from './controls.ts';
import type { KindName, KindResponse, KindSpec } from './answer.ts';
import styles from './Kinds.module.css';

export type KindResult = ResultView<KindResponse>;

interface KindDemoProps<K extends KindName> {
  item: MenuItem;
  kind: K;
  spec: KindSpec<K>;
  /** Drawn over the photo when the answer found something. */
  overlay?: (view: KindResult, size: ImageSize | null) => ReactNode;
  /** The result column for an answer that found something, above the raw JSON. */
  result: (view: KindResult) => ReactNode;
  /** Whether the answer found nothing: the result column says so, and nothing is drawn. */
  isEmpty: (response: KindResponse) => boolean;
  /** The answer as the JSON view shows it. */
  json?: (response: KindResponse) => unknown;
  /** What to say when nothing is found (the view's `empty`), instead of "Item not detected". */
  emptyText?: I18nText | undefined;
}

/**
 * The frame of every kind's demo: a one-image demo that offers the entry's samples first and its
 * public parameters as controls, calls the entry's endpoint with them, and says when nothing was
 * found.
 */
export function KindDemo<K extends KindName>({ item, kind, spec, ...props }: KindDemoProps<K>) {
  const callAlgorithm = useCallAlgorithm();
  const [values, setValues] = useState<ControlValues>(() => initialValues(spec.controls));
  const parameter = parameterOf(spec.controls, values);
  useReportedParameters(item.endpoint, parameter);
  return (
    <SingleImageDemo<KindResponse>
      item={item}
      testId={`kind-demo-${kind}`}
      preferredSamples={spec.samples}
      call={(media) => callAlgorithm<KindResponse>(item.endpoint, [media], { parameter })}
      options={
        spec.controls.length > 0 ? (
          <ParameterControls
            controls={spec.controls}
            values={values}
            onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
            disabled={false}
          />
        ) : undefined
      }
      overlay={(view, size) => (props.isEmpty(view.response) ? null : props.overlay?.(view, size))}
      result={(view) =>
        props.isEmpty(view.response) ? <NothingFound text={props.emptyText} /> : props.result(view)
      }
      json={props.json}
    />
  );
}

/** The answer found nothing: "Item not detected", or the view's own words ("No gesture detected"). */
export function NothingFound({ text }: { text?: I18nText | undefined }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <Alert
      type="info"
      showIcon
      title={text ? pickText(text, language) : t('kindDemo.empty')}
      className={styles.empty}
      data-testid="kind-empty"
    />
  );
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * What the demo calls the items of a list: by the view's noun when the contract gives one
 * ("Person 2", "People found: 3"), else "Item 2", "Items detected: 3".
 */
export function useItemNames(noun: Noun | undefined) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return {
    item: (index: number) =>
      noun
        ? t('kindDemo.itemNamed', { noun: capitalised(pickText(noun.one, language)), index: index + 1 })
        : t('kindDemo.item', { index: index + 1 }),
    count: (total: number) =>
      noun
        ? t('kindDemo.countNamed', { noun: capitalised(pickText(noun.many, language)), total })
        : t('kindDemo.count', { total }),
  };
}

/** "Items detected: n" (or the view's own noun), read first in the result column. */
export function ItemCount({ total, noun }: { total: number; noun?: Noun | undefined }) {
  const names = useItemNames(noun);
  return (
    <p className={styles.count} data-testid="demo-result-count">
      {names.count(total)}
    </p>
  );
}

/** An item's score beside its name. */
export function ItemScore({ score }: { score: number | undefined }) {
  const { t } = useTranslation();
  if (score === undefined) return null;
  return (
    <span>
      {t('kindDemo.score')} <strong data-testid="kind-score">{score.toFixed(3)}</strong>
    </span>
  );
}

const BOX_SIDES = [
  ['left', 'kindDemo.box.left'],
  ['top', 'kindDemo.box.top'],
  ['width', 'kindDemo.box.width'],
  ['height', 'kindDemo.box.height'],
] as const;

/** Position and size of an item's box, in pixels of the photo. */
export function BoxFacts({ rectangle }: { rectangle: Rectangle }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.facts}>
      {BOX_SIDES.map(([side, label]) => (
        <div key={side}>
          <dt>{t(label)}</dt>
          <dd>{Math.round(rectangle[side])}</dd>
        </div>
      ))}
    </dl>
  );
}
