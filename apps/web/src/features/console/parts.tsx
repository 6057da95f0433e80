import type { ReactNode } from 'react';
import { Alert, Button, Checkbox, Form, Input, Tag } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { CONTACT_PHONE } from '@pixora/catalog';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { consoleErrorText } from '../../api/consoleErrors.ts';
import { AccountShell } from '../account/AccountShell.tsx';
import { nameOf } from './capabilities.ts';
import { ConsoleSidebar } from './ConsoleNav.tsx';
import { patternRule, requiredChoice } from './consoleRules.ts';
import accountStyles from '../account/Account.module.css';
import styles from './Console.module.css';

/** The frame of every console page: title band, then the collapsible sidebar with the console navigation beside the content. */
export function ConsoleShell(props: {
  title: string;
  subtitle: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <AccountShell title={props.title} subtitle={props.subtitle} width="wide" testId={props.testId}>
      <div className={styles.consoleLayout}>
        <ConsoleSidebar />
        <div className={styles.console}>{props.children}</div>
      </div>
    </AccountShell>
  );
}

/** A failed load, said in the visitor's language (a 401 is announced by the session layer). */
export function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <Alert type="error" showIcon title={consoleErrorText(error, t) ?? t('errors.loginExpired')} />;
}

/** An app's capabilities: those it may call, then those applied for (`askedKey` names them). */
export function ScopeTags({
  scopes,
  requested,
  names,
  askedKey,
  testId,
}: {
  scopes: readonly number[];
  requested: readonly number[];
  names: ReadonlyMap<number, string>;
  askedKey: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={styles.tagList} data-testid={testId}>
      {scopes.map((id) => (
        <Tag key={id} color="blue">
          {nameOf(names, id)}
        </Tag>
      ))}
      {requested.map((id) => (
        <Tag key={id} color="orange">
          {t(askedKey, { name: nameOf(names, id) })}
        </Tag>
      ))}
    </span>
  );
}

/** A checkable card of a multiple choice (capabilities, SDK modules): the whole card is the checkbox's label. */
export function ChoiceCard({
  checked,
  onChange,
  testId,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <Checkbox
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className={`${styles.choice} ${checked ? styles.choiceChecked : ''}`}
      >
        <span className={styles.choiceText}>{children}</span>
      </Checkbox>
    </div>
  );
}

/** The contact phone of an application form (field `contact_phone`). */
export function ContactPhoneField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="contact_phone"
      label={t('consoleApply.fields.phone')}
      required
      rules={[
        { required: true, whitespace: true, message: t('account.rules.phoneRequired') },
        patternRule(t, CONTACT_PHONE, 'account.rules.phoneInvalid'),
      ]}
    >
      <Input prefix={<PhoneOutlined aria-hidden />} autoComplete="tel" maxLength={20} data-testid={testId} />
    </Form.Item>
  );
}

/** Agreeing to the developer service agreement (field `agreement`), linked to its text. */
export function AgreementField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="agreement"
      valuePropName="checked"
      rules={[requiredChoice(t, 'consoleApply.rules.agreement')]}
    >
      <Checkbox data-testid={testId}>
        {t('consoleApply.agreement')}{' '}
        <Link to="/service-protocol?doc=developer-agreement" target="_blank" className={styles.inlineLink}>
          {t('consoleApply.agreementLink')}
        </Link>
      </Checkbox>
    </Form.Item>
  );
}

/** Cancel (back to `back`) and submit of an application form. */
export function FormButtons({
  back,
  saving,
  label,
  testId,
}: {
  back: string;
  saving: boolean;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={accountStyles.formActions}>
      <Button onClick={() => void navigate(back)}>{t('consoleApply.cancel')}</Button>
      <Button type="primary" htmlType="submit" loading={saving} data-testid={testId}>
        {label}
      </Button>
    </div>
  );
}
