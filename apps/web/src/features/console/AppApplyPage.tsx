import { useMemo, useState } from 'react';
import { Card, Form, Input, InputNumber, Skeleton, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { APP_NAME, FREE_DAILY_QUOTA, MAX_DAILY_QUOTA } from '@pixora/catalog';
import { consoleApi, type AppInput, type AppWithSecret, type ConsoleApp } from '../../api/console.ts';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { APPS_PATH, SDK_APPLY_PATH } from '../account/adminRoutes.ts';
import { useSession } from '../account/session.ts';
import { useConsoleError } from '../account/useConsoleError.ts';
import { useMenuData } from '../algorithm/useMenuData.ts';
import { APPS_QUERY_KEY } from './AppsPage.tsx';
import { apiCapabilityGroups, exampleCall, type CapabilityGroup } from './capabilities.ts';
import { patternRule, requiredChoice, textRule } from './consoleRules.ts';
import {
  AgreementField,
  ChoiceCard,
  ConsoleShell,
  ContactPhoneField,
  FormButtons,
  LoadError,
} from './parts.tsx';
import { SecretModal } from './SecretModal.tsx';
import accountStyles from '../account/Account.module.css';
import styles from './Console.module.css';

interface Values extends AppInput {
  agreement: boolean;
}

/** The capabilities wanted, as checkable cards grouped like the menu; served ones are marked as open now. */
function CapabilityPicker({
  groups,
  value = [],
  onChange,
  granted,
}: {
  groups: CapabilityGroup[];
  value?: number[];
  onChange?: (value: number[]) => void;
  /** Capabilities the app already holds (edit mode): kept without review. */
  granted: readonly number[];
}) {
  const { t } = useTranslation();
  const toggle = (id: number, on: boolean) => onChange?.(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <div data-testid="capability-picker">
      {groups.map((group) => (
        <div
          key={group.id}
          role="group"
          aria-labelledby={`capability-group-${group.id}`}
          className={styles.capabilityGroup}
        >
          <p id={`capability-group-${group.id}`} className={styles.capabilityGroupTitle}>
            {group.name}
          </p>
          <div className={styles.choices}>
            {group.capabilities.map((capability) => {
              const open = capability.available || granted.includes(capability.id);
              return (
                <ChoiceCard
                  key={capability.id}
                  checked={value.includes(capability.id)}
                  onChange={(on) => toggle(capability.id, on)}
                  testId={`capability-${capability.id}`}
                >
                  <span className={styles.choiceTitle}>
                    <span className={styles.choiceName}>{capability.name}</span>
                    {open ? (
                      <Tag color="green">{t('consoleApply.openNow')}</Tag>
                    ) : (
                      <Tag color="orange">{t('consoleApply.needsReview')}</Tag>
                    )}
                  </span>
                  <span className={styles.choiceHint}>{capability.endpoint}</span>
                </ChoiceCard>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}

function ApplyForm({ app }: { app: ConsoleApp | null }) {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const { language, menu } = useMenuData();
  const groups = useMemo(() => apiCapabilityGroups(menu.data ?? [], language), [menu.data, language]);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<AppWithSecret | null>(null);
  const expected = Form.useWatch('expected_daily_calls', form) ?? 0;
  const quota = app?.daily_quota ?? FREE_DAILY_QUOTA;

  const submit = async (values: Values) => {
    const input: AppInput = {
      name: values.name.trim(),
      description: (values.description ?? '').trim(),
      capabilities: values.capabilities,
      scenario: values.scenario.trim(),
      expected_daily_calls: values.expected_daily_calls ?? 0,
      contact_phone: values.contact_phone.trim(),
    };
    setSaving(true);
    try {
      if (app) {
        await consoleApi.updateApp(app.id, input);
        void message.success({ content: t('consoleApply.saved'), duration: MESSAGE_DURATION_MS / 1000 });
        await queryClient.invalidateQueries({ queryKey: APPS_QUERY_KEY });
        void navigate(APPS_PATH);
      } else {
        setCreated(await consoleApi.createApp(input));
        await queryClient.invalidateQueries({ queryKey: APPS_QUERY_KEY });
      }
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  const initial: Partial<Values> = app
    ? {
        name: app.name,
        description: app.description,
        capabilities: [...app.scopes, ...app.requested_scopes],
        scenario: app.scenario,
        expected_daily_calls: app.requested_quota ?? app.expected_daily_calls,
        contact_phone: app.contact_phone,
      }
    : { capabilities: [], expected_daily_calls: 100, contact_phone: profile?.Phone ?? '' };

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void submit(values)}
        data-testid="apply-form"
        scrollToFirstError
      >
        <Card className={accountStyles.panel} title={t('consoleApply.sections.app')}>
          <Form.Item
            name="name"
            label={t('consoleApply.fields.name')}
            required
            rules={[textRule(t, 2, 30), patternRule(t, APP_NAME, 'consoleApply.rules.name')]}
            extra={t('consoleApply.hints.name')}
          >
            <Input maxLength={30} showCount data-testid="apply-name" />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('consoleApply.fields.description')}
            rules={[textRule(t, 0, 500)]}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={500}
              data-testid="apply-description"
            />
          </Form.Item>
        </Card>
        <Card
          className={accountStyles.panel}
          title={t('consoleApply.sections.capabilities')}
          style={{ marginTop: 20 }}
        >
          <p className={accountStyles.cardText}>
            {t('consoleApply.hints.capabilities', { quota: FREE_DAILY_QUOTA })}
          </p>
          {menu.isPending ? (
            <Skeleton active />
          ) : (
            <Form.Item
              name="capabilities"
              label={<span className={styles.visuallyHidden}>{t('consoleApply.fields.capabilities')}</span>}
              rules={[requiredChoice(t, 'consoleApply.rules.capabilities')]}
            >
              <CapabilityPicker groups={groups} granted={app?.scopes ?? []} />
            </Form.Item>
          )}
        </Card>
        <Card
          className={accountStyles.panel}
          title={t('consoleApply.sections.usage')}
          style={{ marginTop: 20 }}
        >
          <Form.Item
            name="scenario"
            label={t('consoleApply.fields.scenario')}
            required
            rules={[textRule(t, 5, 500)]}
            extra={t('consoleApply.hints.scenario')}
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 6 }}
              maxLength={500}
              data-testid="apply-scenario"
            />
          </Form.Item>
          <Form.Item
            name="expected_daily_calls"
            label={t('consoleApply.fields.expected')}
            required
            rules={[{ required: true, message: t('consoleForm.required') }]}
            extra={
              expected > quota
                ? t('consoleApply.hints.expectedReview', { quota })
                : t('consoleApply.hints.expectedFree', { quota })
            }
          >
            <InputNumber
              min={0}
              max={MAX_DAILY_QUOTA}
              precision={0}
              step={100}
              style={{ width: 220 }}
              data-testid="apply-expected"
            />
          </Form.Item>
          <ContactPhoneField testId="apply-phone" />
          {!app && <AgreementField testId="apply-agreement" />}
          <FormButtons
            back={APPS_PATH}
            saving={saving}
            label={t(app ? 'consoleApply.save' : 'consoleApply.submit')}
            testId="apply-submit"
          />
        </Card>
      </Form>
      <SecretModal
        created={created}
        call={exampleCall(menu.data ?? [], created?.app.scopes[0])}
        onDone={() => {
          setCreated(null);
          void navigate(APPS_PATH);
        }}
      />
    </>
  );
}

/** How API access works, beside the form. */
function AccessNotes() {
  const { t } = useTranslation();
  return (
    <Card className={`${accountStyles.panel} ${styles.side}`} title={t('consoleApply.notes.title')}>
      <ul className={styles.sideList}>
        <li>{t('consoleApply.notes.key', { quota: FREE_DAILY_QUOTA })}</li>
        <li>{t('consoleApply.notes.review')}</li>
        <li>{t('consoleApply.notes.secret')}</li>
        <li>{t('consoleApply.notes.day')}</li>
      </ul>
      <p className={accountStyles.cardText} style={{ marginTop: 12 }}>
        <Link to="/doc?id=102">{t('consoleApply.notes.auth')}</Link>
        {' · '}
        <Link to="/doc?id=103">{t('consoleApply.notes.errors')}</Link>
      </p>
    </Card>
  );
}

/**
 * The API application (/admin/appManager/apply?type=api): creates an app, or with `app=<id>`
 * changes one and applies for more capabilities or quota. `type=sdk` goes to the SDK request.
 */
export function AppApplyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const appId = Number(params.get('app')) || null;
  const existing = useQuery({
    queryKey: ['console-app', appId],
    queryFn: () => consoleApi.app(appId!),
    enabled: appId !== null,
  });

  if (params.get('type') === 'sdk') return <Navigate to={`${SDK_APPLY_PATH}?type=sdk`} replace />;

  let content;
  if (appId === null) content = <ApplyForm app={null} />;
  else if (existing.isPending) content = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (existing.isError) content = <LoadError error={existing.error} />;
  else content = <ApplyForm key={existing.data.id} app={existing.data} />;

  return (
    <ConsoleShell
      title={t(appId === null ? 'consoleApply.title' : 'consoleApply.editTitle')}
      subtitle={t(appId === null ? 'consoleApply.subtitle' : 'consoleApply.editSubtitle')}
      testId="app-apply-page"
    >
      <div className={styles.formLayout}>
        <div>{content}</div>
        <AccessNotes />
      </div>
    </ConsoleShell>
  );
}
