import { useState } from 'react';
import { Button, Input, Rate } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SURVEY_COMMENT_MAX, SURVEY_RATINGS } from '@pixora/catalog';
import { questionnaireApi } from '../../../api/questionnaire.ts';
import { consoleErrorText } from '../../../api/consoleErrors.ts';
import styles from './SupportPanel.module.css';

/** Remembered in the browser once answered, so that a visitor is not asked again. */
export const SURVEY_ANSWERED_KEY = 'pixora.survey.answered';

const answeredBefore = () => {
  try {
    return window.localStorage.getItem(SURVEY_ANSWERED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * The satisfaction questionnaire in the support panel: a rating from 1 to 5 stars and, once a
 * star is chosen, an optional comment; sent with the page the visitor is on, for anyone, signed
 * in or not (`POST /api/v1/questionnaire/not_logged`).
 */
export function SurveyBox() {
  const { t } = useTranslation();
  const location = useLocation();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [thanks, setThanks] = useState<string | null>(answeredBefore() ? t('toolbox.survey.answered') : null);
  const send = useMutation({
    mutationFn: () => questionnaireApi.answer({ rating, comment, page: location.pathname }),
    onSuccess: (answer) => {
      try {
        window.localStorage.setItem(SURVEY_ANSWERED_KEY, '1');
      } catch {
        // Private windows may refuse storage: the visitor may then be asked again, nothing worse.
      }
      setThanks(answer.message || t('toolbox.survey.thanks'));
    },
  });
  const labels = SURVEY_RATINGS.map((n) => t(`toolbox.survey.rating${n}`));

  if (thanks)
    return (
      <p className={styles.survey} data-testid="survey-thanks" role="status">
        <SmileOutlined aria-hidden /> {thanks}
      </p>
    );
  return (
    <form
      className={styles.survey}
      aria-label={t('toolbox.survey.title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (rating > 0) send.mutate();
      }}
      data-testid="survey"
    >
      <p className={styles.surveyTitle}>{t('toolbox.survey.title')}</p>
      <Rate value={rating} onChange={setRating} tooltips={labels} aria-label={t('toolbox.survey.title')} />
      {rating > 0 && (
        <>
          <span className={styles.surveyRating}>{labels[rating - 1]}</span>
          <Input.TextArea
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            maxLength={SURVEY_COMMENT_MAX}
            rows={2}
            placeholder={t('toolbox.survey.comment')}
            aria-label={t('toolbox.survey.comment')}
            data-testid="survey-comment"
          />
          {send.isError && (
            <p className={styles.state} role="alert">
              {consoleErrorText(send.error, t) ?? t('toolbox.survey.failed')}
            </p>
          )}
          <Button
            htmlType="submit"
            type="primary"
            size="small"
            loading={send.isPending}
            data-testid="survey-send"
          >
            {t('toolbox.survey.send')}
          </Button>
        </>
      )}
    </form>
  );
}
