import { useState } from 'react';
import { Button, Form, Input, Modal, Radio, Upload, type UploadFile, type UploadProps } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../components/MessageProvider.tsx';
import { MESSAGE_DURATION_MS } from '../../api/errors.ts';
import {
  ATTACHMENT_TYPES,
  CONTENT_ROWS,
  FEEDBACK_DEFAULTS,
  FEEDBACK_MODAL_MIN_WIDTH,
  FEEDBACK_PRIORITIES,
  FEEDBACK_TYPES,
  feedbackFormData,
  isAcceptedType,
  isTitleValid,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  type FeedbackValues,
} from './feedbackForm.ts';
import { sendFeedback, uploadAttachment } from './feedbackApi.ts';
import styles from './FeedbackDialog.module.css';

const ACCEPT = ATTACHMENT_TYPES.map((type) => `.${type}`).join(',');

/**
 * The feedback dialog: type, title, content, priority and attachments
 * dropped or picked (each uploaded as it is added), sent as form data.
 */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<FeedbackValues>();
  const [files, setFiles] = useState<UploadFile<string>[]>([]);
  const [sending, setSending] = useState(false);
  const uploading = files.some((file) => file.status === 'uploading');
  const duration = MESSAGE_DURATION_MS / 1000;

  const reset = () => {
    form.resetFields();
    setFiles([]);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!isAcceptedType(file.name)) {
      void message.error({ content: t('feedback.badType', { name: file.name }), duration });
      return Upload.LIST_IGNORE;
    }
    if (file.size > MAX_ATTACHMENT_BYTES) {
      void message.error({ content: t('feedback.tooLarge', { name: file.name }), duration });
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps<string>['customRequest'] = ({ file, onSuccess, onError }) => {
    uploadAttachment(file as File).then(
      (key) => onSuccess?.(key),
      (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
    );
  };

  const submit = async (values: FeedbackValues) => {
    const keys = files
      .filter((file) => file.status === 'done' && file.response)
      .map((file) => file.response!);
    setSending(true);
    try {
      const outcome = await sendFeedback(feedbackFormData({ ...FEEDBACK_DEFAULTS, ...values }, keys));
      if (outcome.ok) {
        void message.success({ content: outcome.message || t('feedback.success'), duration });
        reset();
        onClose();
      } else {
        void message.error({ content: outcome.message ?? t('feedback.failure'), duration });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('feedback.title')}
      onCancel={onClose}
      width={640}
      classNames={{ container: styles.dialog }}
      styles={{ container: { minWidth: `min(${FEEDBACK_MODAL_MIN_WIDTH}px, calc(100vw - 32px))` } }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('feedback.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={sending}
          disabled={uploading}
          onClick={() => form.submit()}
          data-testid="feedback-submit"
        >
          {t('feedback.submit')}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={FEEDBACK_DEFAULTS}
        onFinish={(values) => void submit(values)}
        data-testid="feedback-dialog"
        requiredMark
      >
        <Form.Item name="type_id" label={t('feedback.type')}>
          <Radio.Group
            optionType="button"
            options={FEEDBACK_TYPES.map((type) => ({
              value: type.value,
              label: t(`feedback.types.${type.key}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('feedback.titleLabel')}
          required
          rules={[
            {
              validator: (_, value: string | undefined) =>
                isTitleValid(value ?? '')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('feedback.titleRequired'))),
            },
          ]}
        >
          <Input maxLength={200} placeholder={t('feedback.titlePlaceholder')} data-testid="feedback-title" />
        </Form.Item>
        <Form.Item name="content" label={t('feedback.content')}>
          <Input.TextArea
            rows={CONTENT_ROWS}
            maxLength={10_000}
            placeholder={t('feedback.contentPlaceholder')}
            data-testid="feedback-content"
          />
        </Form.Item>
        <Form.Item name="priority_id" label={t('feedback.priority')}>
          <Radio.Group
            optionType="button"
            options={FEEDBACK_PRIORITIES.map((priority) => ({
              value: priority.value,
              label: t(`feedback.priorities.${priority.key}`),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('feedback.attachments')}>
          <Upload.Dragger
            multiple
            accept={ACCEPT}
            maxCount={MAX_ATTACHMENTS}
            fileList={files}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
            onChange={({ fileList }) => setFiles(fileList as UploadFile<string>[])}
            data-testid="feedback-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className={styles.dropText}>{t('feedback.dropHint')}</p>
            <p className={styles.dropHint}>{t('feedback.dropLimits', { count: MAX_ATTACHMENTS })}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
    </Modal>
  );
}
