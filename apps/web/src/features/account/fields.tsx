import type { ReactNode } from 'react';
import { Button, Form, Input, type InputProps } from 'antd';
import { BankOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  checkCode,
  checkCompany,
  checkConfirmation,
  checkName,
  checkNewPassword,
  PASSWORD_REGISTER_MAX,
} from '@pixora/catalog';
import { CaptchaInput } from './CaptchaInput.tsx';
import { checkRule, dependentRule, optionalCheck } from './rules.ts';
import type { Captcha } from './useCaptcha.ts';

/** The text fields of the profile, each with the rules the server checks too. */
const PROFILE_FIELDS = {
  real_name: {
    label: 'account.fields.realName',
    check: checkName,
    icon: UserOutlined,
    autoComplete: 'name',
  },
  company: {
    label: 'account.fields.company',
    check: checkCompany,
    icon: BankOutlined,
    autoComplete: 'organization',
  },
} as const;

/**
 * The real name or the company (`name`); `size` and `placeholder` go to the input (the full-page
 * forms use large inputs with placeholders).
 */
export function ProfileField({
  name,
  testId,
  optional = false,
  ...input
}: Pick<InputProps, 'size' | 'placeholder'> & {
  name: keyof typeof PROFILE_FIELDS;
  testId: string;
  /** May be left empty (a filled-in value is still checked). */
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const field = PROFILE_FIELDS[name];
  return (
    <Form.Item
      name={name}
      label={t(field.label)}
      required={!optional}
      rules={[checkRule(t, optionalCheck(field.check, optional))]}
    >
      <Input
        {...input}
        prefix={<field.icon aria-hidden />}
        autoComplete={field.autoComplete}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/**
 * A new password and its confirmation (fields `password` and `confirm_password`), with the rules the
 * server checks too; `label` names the first.
 */
export function NewPasswordFields(props: { label: string; passwordTestId: string; confirmTestId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={props.label} required rules={[checkRule(t, checkNewPassword)]}>
        <Input.Password
          size="large"
          prefix={<LockOutlined aria-hidden />}
          placeholder={t('account.placeholders.newPassword')}
          autoComplete="new-password"
          maxLength={PASSWORD_REGISTER_MAX * 2}
          data-testid={props.passwordTestId}
        />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('account.fields.confirmPassword')}
        required
        dependencies={['password']}
        rules={[
          dependentRule(t, (value: string | undefined, f) =>
            checkConfirmation(f.getFieldValue('password'), value),
          ),
        ]}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined aria-hidden />}
          placeholder={t('account.placeholders.confirmPassword')}
          autoComplete="new-password"
          data-testid={props.confirmTestId}
        />
      </Form.Item>
    </>
  );
}

/** The captcha answer (field `captcha`) beside the image of `captcha`, which a click renews. */
export function CaptchaField({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="captcha" label={t('account.fields.captcha')} rules={[checkRule(t, checkCode)]}>
      <CaptchaInput
        imageUrl={captcha.imageUrl}
        loading={captcha.loading}
        failed={Boolean(captcha.error)}
        onRefresh={() => void captcha.refresh()}
      />
    </Form.Item>
  );
}

/** The full-width primary button that sends an account form. */
export function SubmitButton(props: { loading: boolean; testId: string; children: ReactNode }) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      size="large"
      block
      loading={props.loading}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
