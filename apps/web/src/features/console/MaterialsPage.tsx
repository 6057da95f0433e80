import { useState } from 'react';
import {
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Skeleton,
  Switch,
  Tag,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MATERIAL_FILES,
  MATERIAL_MAX_BYTES,
  MATERIAL_READ_BY,
  MATERIAL_TYPES,
  STICKER_ANCHOR_WIDTHS,
  STICKER_ANCHORS,
  STICKER_SCALE,
  type MaterialType,
  type StickerAnchor,
} from '@pixora/catalog';
import { materialsApi, type MaterialView } from '../../api/materials.ts';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import { useMessage } from '../../components/MessageProvider.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { pickText } from '../../api/menu.ts';
import { useConsoleError } from '../account/useConsoleError.ts';
import accountStyles from '../account/Account.module.css';
import styles from './Materials.module.css';
import { ConsoleShell, LoadError } from './parts.tsx';

interface UploadValues {
  name_zh: string;
  name_zh_tw: string;
  name_en: string;
  anchor: StickerAnchor;
  scale: number;
}

/** The upload form of one type: names in three languages, a sticker's anchor and width, the file. */
function UploadCard({ type, onUploaded }: { type: MaterialType; onUploaded: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const showError = useConsoleError();
  const [form] = Form.useForm<UploadValues>();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const sticker = type === 'sticker';

  const pick = (picked: File | undefined) => {
    setFile(picked);
    // The server reads the kind from the bytes; the size is checked here first to save the upload.
    setFileError(picked && picked.size > MATERIAL_MAX_BYTES ? t('materials.fileTooLarge') : undefined);
  };

  const submit = async (values: UploadValues) => {
    if (!file) {
      setFileError(t('materials.fileRequired'));
      return;
    }
    if (fileError) return;
    setSaving(true);
    try {
      await materialsApi.upload({
        type,
        name: { zh: values.name_zh, zh_tw: values.name_zh_tw, en: values.name_en },
        ...(sticker ? { anchor: values.anchor, scale: values.scale } : {}),
        file,
      });
      void message.success({ content: t('materials.uploaded'), duration: MESSAGE_DURATION_MS / 1000 });
      form.resetFields();
      setFile(undefined);
      onUploaded();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('materials.uploadTitle')} className={accountStyles.panel}>
      <p className={styles.readBy}>
        {t(
          MATERIAL_FILES[type] === 'png-alpha'
            ? 'materials.fileRulePng'
            : MATERIAL_FILES[type] === 'cube'
              ? 'materials.fileRuleCube'
              : MATERIAL_FILES[type] === 'size-json'
                ? 'materials.fileRuleSize'
                : MATERIAL_FILES[type] === 'makeup-json'
                  ? 'materials.fileRuleMakeup'
                  : 'materials.fileRuleImage',
        )}
      </p>
      <Form<UploadValues>
        form={form}
        layout="vertical"
        initialValues={{ anchor: 'eyes', scale: STICKER_ANCHOR_WIDTHS.eyes }}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed: Partial<UploadValues>) => {
          if (changed.anchor) form.setFieldValue('scale', STICKER_ANCHOR_WIDTHS[changed.anchor]);
        }}
        data-testid="material-upload"
      >
        <div className={styles.uploadForm}>
          {(['name_zh', 'name_zh_tw', 'name_en'] as const).map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={t(`materials.${field}`)}
              rules={[{ required: true, whitespace: true, message: t('materials.nameRequired') }]}
            >
              <Input maxLength={field === 'name_en' ? 60 : 40} data-testid={`material-${field}`} />
            </Form.Item>
          ))}
          {sticker && (
            <>
              <Form.Item name="anchor" label={t('materials.anchor')} extra={t('materials.anchorHint')}>
                <Select
                  options={STICKER_ANCHORS.map((anchor) => ({
                    value: anchor,
                    label: t(`materials.anchors.${anchor}`),
                  }))}
                  data-testid="material-anchor"
                />
              </Form.Item>
              <Form.Item name="scale" label={t('materials.scale')} extra={t('materials.scaleHint')}>
                <InputNumber min={STICKER_SCALE.min} max={STICKER_SCALE.max} step={0.1} />
              </Form.Item>
            </>
          )}
          <Form.Item
            label={t('materials.file')}
            htmlFor="material-file"
            validateStatus={fileError ? 'error' : undefined}
            help={fileError}
          >
            <input
              id="material-file"
              type="file"
              accept={
                sticker
                  ? 'image/png'
                  : MATERIAL_FILES[type] === 'cube'
                    ? '.cube'
                    : MATERIAL_FILES[type] === 'size-json' || MATERIAL_FILES[type] === 'makeup-json'
                      ? '.json,application/json'
                      : 'image/png,image/jpeg,image/webp'
              }
              onChange={(event) => pick(event.target.files?.[0])}
              data-testid="material-file"
            />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" icon={<UploadOutlined aria-hidden />} loading={saving}>
          {t('materials.upload')}
        </Button>
      </Form>
    </Card>
  );
}

/** One material: its picture, name, value, and the switch, order and delete buttons. */
function MaterialCard({
  material,
  first,
  last,
  onChanged,
}: {
  material: MaterialView;
  first: boolean;
  last: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const showError = useConsoleError();
  const [busy, setBusy] = useState(false);
  const name = pickText(material.name, language);
  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      onChanged();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li
      className={`${styles.card} ${material.enabled ? '' : styles.disabled}`}
      data-testid="material-card"
      data-value={material.value}
    >
      <img className={styles.preview} src={material.preview} alt={name} loading="lazy" />
      <p className={styles.name}>{name}</p>
      <p className={styles.meta}>
        <code>{material.value}</code>{' '}
        {material.bundled ? (
          <Tag>{t('materials.bundled')}</Tag>
        ) : (
          <Tag color="blue">{t('materials.upload')}</Tag>
        )}
      </p>
      {material.settings.anchor && (
        <p className={styles.meta}>
          {t('materials.placed', {
            anchor: t(`materials.anchors.${material.settings.anchor}`),
            scale: material.settings.scale,
          })}
        </p>
      )}
      {material.width !== null && (
        <p className={styles.meta}>
          {material.width} × {material.height}
        </p>
      )}
      <div className={styles.actions}>
        <Switch
          checked={material.enabled}
          loading={busy}
          onChange={(enabled) => void act(() => materialsApi.setEnabled(material.id, enabled))}
          aria-label={t('materials.enabledOf', { name })}
          data-testid="material-enabled"
        />
        <Button
          size="small"
          icon={<ArrowUpOutlined aria-hidden />}
          disabled={first || busy}
          onClick={() => void act(() => materialsApi.move(material.id, 'up'))}
          aria-label={t('materials.upOf', { name })}
        />
        <Button
          size="small"
          icon={<ArrowDownOutlined aria-hidden />}
          disabled={last || busy}
          onClick={() => void act(() => materialsApi.move(material.id, 'down'))}
          aria-label={t('materials.downOf', { name })}
        />
        {!material.bundled && (
          <Popconfirm
            title={t('materials.deleteConfirm', { name })}
            okText={t('materials.delete')}
            cancelText={t('materials.cancel')}
            onConfirm={() => void act(() => materialsApi.remove(material.id))}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('materials.deleteOf', { name })}
            />
          </Popconfirm>
        )}
      </div>
    </li>
  );
}

/**
 * The materials the capabilities read (/admin/materials; material, material-outside and admins):
 * per type a grid of previews with enable/disable and ordering, and the upload form. A
 * material-outside user sees only what they uploaded.
 */
export function MaterialsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [type, setType] = useState<MaterialType>('sticker');
  const materials = useQuery({ queryKey: ['materials', type], queryFn: () => materialsApi.list(type) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['materials', type] });
  const readBy = MATERIAL_READ_BY[type];

  let body;
  if (materials.isPending) body = <Skeleton active />;
  else if (materials.isError) body = <LoadError error={materials.error} />;
  else if (materials.data.length === 0) body = <Empty description={t('materials.none')} />;
  else
    body = (
      <ul className={styles.grid} aria-label={t(`materials.types.${type}`)} data-testid="material-grid">
        {materials.data.map((material, i) => (
          <MaterialCard
            key={material.id}
            material={material}
            first={i === 0}
            last={i === materials.data.length - 1}
            onChanged={refresh}
          />
        ))}
      </ul>
    );

  return (
    <ConsoleShell title={t('materials.title')} subtitle={t('materials.subtitle')} testId="materials-page">
      <div className={accountStyles.stack}>
        <div className={accountStyles.inlineForm}>
          <Select
            value={type}
            onChange={setType}
            options={MATERIAL_TYPES.map((value) => ({ value, label: t(`materials.types.${value}`) }))}
            aria-label={t('materials.type')}
            style={{ minWidth: 220 }}
            data-testid="material-type"
          />
          <p className={styles.readBy} data-testid="material-read-by">
            {readBy ? t('materials.readBy', { endpoint: readBy }) : t('materials.notRead')}
          </p>
        </div>
        <Card className={accountStyles.panel} title={t(`materials.types.${type}`)}>
          {body}
        </Card>
        <UploadCard key={type} type={type} onUploaded={refresh} />
      </div>
    </ConsoleShell>
  );
}
