import { useId } from 'react';
import { Input, InputNumber, Radio, Slider, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DemoControl } from '@pixora/catalog';
import { useLanguage } from '../../../i18n/LanguageProvider.tsx';
import { pickText } from '../../../api/menu.ts';
import {
  choicesOf,
  optionLabel,
  switchValues,
  widgetOf,
  type ControlValue,
  type ControlValues,
} from './controls.ts';
import { useProvidedOptions } from './providedOptions.ts';
import styles from './Kinds.module.css';

interface ParameterControlsProps {
  controls: readonly DemoControl[];
  values: ControlValues;
  onChange: (name: string, value: ControlValue | undefined) => void;
  disabled: boolean;
}

/**
 * One control per public parameter the demo offers, labelled with the parameter's description
 * in the page's language and its name as sent (`parameter.<name>`).
 */
export function ParameterControls({ controls, values, onChange, disabled }: ParameterControlsProps) {
  const { t } = useTranslation();
  const id = useId();
  if (controls.length === 0) return null;
  return (
    <section className={styles.controls} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.controlsTitle}>
        {t('kindDemo.controls.title')}
      </h3>
      {controls.map((control) => (
        <Control
          key={control.name}
          id={`${id}-${control.name}`}
          control={control}
          value={values[control.name]}
          onChange={(value) => onChange(control.name, value)}
          disabled={disabled}
        />
      ))}
    </section>
  );
}

interface ControlProps {
  id: string;
  control: DemoControl;
  value: ControlValue | undefined;
  onChange: (value: ControlValue | undefined) => void;
  disabled: boolean;
}

function Control({ id, control: given, value, onChange, disabled }: ControlProps) {
  const { language } = useLanguage();
  const control = useProvidedOptions(given);
  const labelId = `${id}-label`;
  const testId = `control-${control.name}`;
  const widget = widgetOf(control);
  const label = (
    <>
      {pickText(control.description, language)} <code className={styles.parameterName}>{control.name}</code>
    </>
  );
  const range = { min: control.minimum, max: control.maximum };

  if (widget === 'radio') {
    return (
      <div className={styles.control} role="group" aria-labelledby={labelId}>
        <span id={labelId} className={styles.controlLabel}>
          {label}
        </span>
        <Radio.Group
          optionType="button"
          size="small"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value as ControlValue)}
          options={choicesOf(control).map((choice) => ({
            value: choice,
            label: optionLabel(control, choice, language),
          }))}
          data-testid={testId}
        />
      </div>
    );
  }
  if (widget === 'pictures') {
    // Each option as a small picture of its effect over its name; the chosen one is outlined.
    return (
      <div className={styles.control} role="group" aria-labelledby={labelId}>
        <span id={labelId} className={styles.controlLabel}>
          {label}
        </span>
        <Radio.Group
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value as ControlValue)}
          className={styles.pictureChoices}
          data-testid={testId}
        >
          {choicesOf(control).map((choice) => (
            <Radio.Button key={String(choice)} value={choice} className={styles.pictureChoice}>
              <img src={control.optionPreviews?.[String(choice)]} alt="" loading="lazy" />
              <span>{optionLabel(control, choice, language)}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </div>
    );
  }
  if (widget === 'slider') {
    return (
      <div className={styles.control}>
        <div className={styles.controlHead}>
          <span id={labelId} className={styles.controlLabel}>
            {label}
          </span>
          <output className={styles.controlValue} htmlFor={id}>
            {value ?? '—'}
          </output>
        </div>
        <Slider
          id={id}
          {...range}
          value={typeof value === 'number' ? value : undefined}
          disabled={disabled}
          onChange={(next) => onChange(next)}
          ariaLabelledByForHandle={labelId}
          // The value is shown beside the label; a tooltip over it would only repeat it.
          tooltip={{ formatter: null }}
          data-testid={testId}
        />
      </div>
    );
  }
  return (
    <div className={styles.control}>
      <label id={labelId} htmlFor={id} className={styles.controlLabel}>
        {label}
      </label>
      {widget === 'switch' ? (
        <Switch
          id={id}
          checked={value === switchValues(control)[0]}
          disabled={disabled}
          onChange={(checked) => onChange(switchValues(control)[checked ? 0 : 1])}
          aria-labelledby={labelId}
          data-testid={testId}
        />
      ) : widget === 'text' ? (
        <Input
          id={id}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
        />
      ) : (
        <InputNumber
          id={id}
          {...range}
          precision={widget === 'integer' ? 0 : undefined}
          value={typeof value === 'number' ? value : null}
          disabled={disabled}
          onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
          data-testid={testId}
        />
      )}
    </div>
  );
}
