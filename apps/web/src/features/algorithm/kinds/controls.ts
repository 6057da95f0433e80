/**
 * The controls a kind's demo offers for the public parameters the menu entry lists
 * (`Extension.demo.controls`, read by the server from the contract), and what they send.
 */
import type { DemoControl, Language } from '@pixora/catalog';

export type ControlValue = string | number | boolean;
export type ControlValues = Record<string, ControlValue | undefined>;

/**
 * How a parameter is offered: yes/no as a switch (a boolean, or a choice of exactly 0 and 1,
 * which is how the contract's switches read) when its default is known, a choice whose options
 * have pictures as a row of pictures, any other choice as radio buttons (by the options' names
 * when the contract gives some), a number from 0 to 100 (a strength) or from -100 to 100 (a signed
 * amount, such as a chin made longer or shorter) as a slider, other numbers as a number field,
 * text as a text field. A yes/no without a known default is offered as a choice left unset, so
 * that the server's default applies until the visitor picks one.
 */
export type ControlWidget = 'switch' | 'radio' | 'pictures' | 'slider' | 'integer' | 'number' | 'text';

const isYesNo = (control: DemoControl) =>
  control.type === 'boolean' ||
  (control.options?.length === 2 && control.options.includes(0) && control.options.includes(1));

/** The values a choice offers: its options; true and false for a boolean. */
export const choicesOf = (control: DemoControl): readonly ControlValue[] =>
  control.options ?? (control.type === 'boolean' ? [true, false] : []);

export function widgetOf(control: DemoControl): ControlWidget {
  if (isYesNo(control)) return control.default === undefined ? 'radio' : 'switch';
  if (control.options && control.options.length > 0) return control.optionPreviews ? 'pictures' : 'radio';
  if (control.type === 'integer') return 'integer';
  if (control.type === 'number')
    return (control.minimum === 0 || control.minimum === -100) && control.maximum === 100
      ? 'slider'
      : 'number';
  return 'text';
}

/** What an option is called: its display name in `language` when the contract gives one, else its value. */
export const optionLabel = (control: DemoControl, choice: ControlValue, language: Language): string => {
  const name = control.optionNames?.[String(choice)];
  return name ? name[language] || name.zh : String(choice);
};

/** What a switch sends when on and off: true/false for a boolean, 1/0 for a 0-or-1 choice. */
export const switchValues = (control: DemoControl): [on: ControlValue, off: ControlValue] =>
  control.type === 'boolean' ? [true, false] : [1, 0];

/** The value a control starts with: the parameter's default, if it has one of the right type. */
export function initialValue(control: DemoControl): ControlValue | undefined {
  const fallback = control.default;
  if (widgetOf(control) === 'switch') {
    const [on, off] = switchValues(control);
    return fallback === true || fallback === 1 || fallback === '1' ? on : off;
  }
  if (widgetOf(control) === 'radio' || widgetOf(control) === 'pictures')
    return choicesOf(control).find((choice) => choice === fallback);
  if (control.type === 'integer' || control.type === 'number')
    return typeof fallback === 'number' ? fallback : undefined;
  return typeof fallback === 'string' ? fallback : undefined;
}

export const initialValues = (controls: readonly DemoControl[]): ControlValues =>
  Object.fromEntries(controls.map((control) => [control.name, initialValue(control)]));

/** The `parameter` of a call: every control with a value; an empty one is left to the server. */
export function parameterOf(
  controls: readonly DemoControl[],
  values: ControlValues,
): Record<string, unknown> {
  const parameter: Record<string, unknown> = {};
  for (const { name } of controls) {
    const value = values[name];
    if (value !== undefined && value !== '') parameter[name] = value;
  }
  return parameter;
}
