import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Popconfirm } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  DeleteOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEMO_FACE_SETS, FACE_SET_NAME_MAX, type FaceSetAnswers } from '@pixora/catalog';
import { callFaceSet, type MediaInput } from '../../../../api/gateway.ts';
import { isApiError } from '../../../../api/http.ts';
import type { MenuItem } from '../../../../api/menu.ts';
import { useNotifyError } from '../../../../components/useNotifyError.ts';
import { AnalyseBar } from '../../demo-kit/AnalyseBar.tsx';
import { ImagePicker } from '../../demo-kit/ImagePicker.tsx';
import { PhotoStage } from '../../demo-kit/PhotoStage.tsx';
import { ResultPanel } from '../../demo-kit/ResultPanel.tsx';
import { useDemoRun, useImageSlot } from '../../demo-kit/useDemoRun.ts';
import type { ImageSource } from '../../demo-kit/imageSource.ts';
import { FaceOverlay } from '../face-kit/FaceOverlay.tsx';
import { FaceThumb, type FacePicture } from './FaceThumb.tsx';
import pairStyles from '../facecompare/FaceCompare.module.css';
import styles from './FaceSearch.module.css';
import { intlLocale } from '../../../../i18n/language.ts';

/** What a website visitor may keep (docs/decisions/0005-demo-face-sets.md). */
export const VISITOR_LIMITS = { faces: DEMO_FACE_SETS.facesPerSet, hours: DEMO_FACE_SETS.hours } as const;
/** Samples offered first: the astronaut to add, her mirrored copy to search with. */
const ADD_SAMPLES = ['/samples/astronaut.jpg'];
const SEARCH_SAMPLES = ['/samples/astronaut-mirrored.jpg'];
const SET_QUERY = ['faceSearch', 'set'] as const;

type VisitorSet = FaceSetAnswers['v1/faceset/detail'];
type SearchAnswer = FaceSetAnswers['v1/face_search'];

/** The visitor's face set (the first one, as this page creates only one), or null before any. */
async function loadVisitorSet(): Promise<VisitorSet | null> {
  const { facesets } = await callFaceSet('v1/faceset/list', {});
  const first = facesets[0];
  return first ? callFaceSet('v1/faceset/detail', { faceset_token: first.faceset_token }) : null;
}

/**
 * Face search on the faceRecognition page: the visitor adds faces with names to a face set of
 * their own (kept 24 hours, in this browser only), then searches it with another photo and sees
 * the faces ranked by similarity with the same-person decision.
 */
export function FaceSearchDemo({ item }: { item: MenuItem }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const adding = useDemoRun<FaceSetAnswers['v1/faceset/add_face']>('v1/faceset/add_face');
  const searching = useDemoRun<SearchAnswer>('v1/face_search');
  const addSlot = useImageSlot(adding.reset);
  const searchSlot = useImageSlot(searching.reset);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  // Photos of the faces added during this visit, for their thumbnails (the server keeps no photo).
  const [pictures, setPictures] = useState<Record<string, FacePicture>>({});
  const visitorSet = useQuery({ queryKey: SET_QUERY, queryFn: loadVisitorSet, retry: false });
  const set = visitorSet.data ?? null;
  const faces = set?.faces ?? [];
  const shown = searching.resultFor([searchSlot.source]);
  const answer = shown?.response;
  const best = answer?.results[0];
  const refresh = () => queryClient.invalidateQueries({ queryKey: SET_QUERY });

  const trimmed = name.trim();
  const full = faces.length >= VISITOR_LIMITS.faces;
  const canAdd = addSlot.source !== null && !addSlot.previewFailed && trimmed.length > 0 && !full;

  const addFace = () => {
    if (!canAdd || !addSlot.source) return;
    const source: ImageSource = addSlot.source;
    void adding.run([source], async ([media]) => {
      const create = async () =>
        (await callFaceSet('v1/faceset/create', { faceset_name: t('faceSearch.setName') })).faceset_token;
      const add = (token: string) =>
        callFaceSet('v1/faceset/add_face', { faceset_token: token, face_name: trimmed }, [
          media as MediaInput,
        ]);
      let added: FaceSetAnswers['v1/faceset/add_face'];
      try {
        added = await add(set?.faceset_token ?? (await create()));
      } catch (error) {
        // The set was deleted meanwhile (its 24 hours were up): start a new one.
        if (!(isApiError(error) && error.code === 21017 && set)) throw error;
        added = await add(await create());
      }
      setPictures((current) => ({
        ...current,
        [added.face_token]: {
          source,
          rectangle: added.face_rectangle,
          imageWidth: added.image_width,
          imageHeight: added.image_height,
        },
      }));
      setName('');
      await refresh();
      return added;
    });
  };

  /** A face-set call made from a button: failures are said in the visitor's language. */
  const act = async (call: () => Promise<unknown>, url: string) => {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      notifyError(error, { url: `/${url}` });
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const search = () => {
    if (!set || !searchSlot.source) return;
    void searching.run([searchSlot.source], ([media]) =>
      callFaceSet('v1/face_search', { faceset_token: set.faceset_token, top_n: 5 }, [media as MediaInput]),
    );
  };

  const expires = set?.expires_at
    ? new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(set.expires_at),
      )
    : null;

  return (
    <div className={pairStyles.demo} data-testid="facesearch-demo">
      <div className={pairStyles.pair}>
        <section className={pairStyles.side} aria-labelledby={`${id}-faces`} data-testid="facesearch-faces">
          <h2 id={`${id}-faces`} className={pairStyles.sideTitle}>
            {t('faceSearch.facesTitle')}
          </h2>
          <p className={pairStyles.hint}>
            {t('faceSearch.limits', { faces: VISITOR_LIMITS.faces, hours: VISITOR_LIMITS.hours })}
          </p>
          <div className={styles.storedHead}>
            <h3 className={styles.storedTitle}>
              {t('faceSearch.stored', { count: faces.length, max: VISITOR_LIMITS.faces })}
            </h3>
            {set && (
              <Popconfirm
                title={t('faceSearch.clearConfirm')}
                okText={t('faceSearch.clear')}
                cancelText={t('faceSearch.cancel')}
                onConfirm={() =>
                  act(async () => {
                    await callFaceSet('v1/faceset/delete', { faceset_token: set.faceset_token });
                    setPictures({});
                  }, 'v1/faceset/delete')
                }
              >
                <Button size="small" danger disabled={busy} data-testid="facesearch-clear">
                  {t('faceSearch.clear')}
                </Button>
              </Popconfirm>
            )}
          </div>
          {visitorSet.isError && (
            <Alert
              type="error"
              showIcon
              title={t('faceSearch.loadFailed')}
              action={
                <Button size="small" onClick={() => void visitorSet.refetch()}>
                  {t('faceSearch.retry')}
                </Button>
              }
            />
          )}
          {faces.length === 0 && !visitorSet.isError && (
            <p className={pairStyles.hint}>{t('faceSearch.none')}</p>
          )}
          <ul className={styles.stored}>
            {faces.map((face) => (
              <li key={face.face_token} className={styles.storedFace} data-testid="facesearch-face">
                <FaceThumb picture={pictures[face.face_token]} name={face.face_name} />
                <span className={styles.faceName}>{face.face_name || t('faceSearch.unnamed')}</span>
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined aria-hidden />}
                  disabled={busy}
                  aria-label={t('faceSearch.remove', { name: face.face_name })}
                  onClick={() =>
                    act(
                      () =>
                        callFaceSet('v1/faceset/remove_face', {
                          faceset_token: set!.faceset_token,
                          face_token: face.face_token,
                        }),
                      'v1/faceset/remove_face',
                    )
                  }
                />
              </li>
            ))}
          </ul>
          {expires && (
            <p className={pairStyles.hint} data-testid="facesearch-expiry">
              {t('faceSearch.expires', { time: expires })}
            </p>
          )}
          <h3 className={styles.storedTitle}>{t('faceSearch.addTitle')}</h3>
          <PhotoStage
            source={addSlot.source}
            running={adding.running}
            onPreviewError={addSlot.onPreviewError}
            emptyText={t('faceSearch.addEmpty')}
          />
          <div className={styles.addRow}>
            <label htmlFor={`${id}-name`} className="visually-hidden">
              {t('faceSearch.name')}
            </label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={FACE_SET_NAME_MAX}
              placeholder={t('faceSearch.namePlaceholder')}
              onChange={(event) => setName(event.target.value)}
              onPressEnter={addFace}
              disabled={adding.running}
              data-testid="facesearch-name"
            />
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={addFace}
              disabled={!canAdd || adding.running}
              loading={adding.running}
              data-testid="facesearch-add"
            >
              {t('faceSearch.add')}
            </Button>
          </div>
          {adding.silentError && <Alert type="error" showIcon title={adding.silentError} />}
          {full && <p className={pairStyles.hint}>{t('faceSearch.full', { faces: VISITOR_LIMITS.faces })}</p>}
          <ImagePicker
            current={addSlot.source}
            onSelect={addSlot.select}
            history={adding.history}
            onClearHistory={adding.clearHistory}
            preferredSamples={[...(item.extension.sampleFigure ?? []), ...ADD_SAMPLES]}
            disabled={adding.running}
          />
        </section>

        <section className={pairStyles.side} aria-labelledby={`${id}-search`} data-testid="facesearch-search">
          <h2 id={`${id}-search`} className={pairStyles.sideTitle}>
            {t('faceSearch.searchTitle')}
          </h2>
          <PhotoStage
            source={searchSlot.source}
            running={searching.running}
            onPreviewError={searchSlot.onPreviewError}
            emptyText={t('faceSearch.searchEmpty')}
            overlay={() =>
              answer ? (
                <FaceOverlay
                  width={answer.image_width}
                  height={answer.image_height}
                  label={t('faceSearch.overlayLabel')}
                  faces={[
                    {
                      rectangle: answer.face_rectangle,
                      caption: best?.is_same_person ? best.face_name : '?',
                      title: best?.is_same_person
                        ? t('faceSearch.found', { name: best.face_name })
                        : t('faceSearch.notFound'),
                      tone: best?.is_same_person ? 'default' : 'accent',
                    },
                  ]}
                />
              ) : null
            }
          />
          <AnalyseBar
            ready={searchSlot.source !== null && !searchSlot.previewFailed && faces.length > 0}
            running={searching.running}
            onAnalyse={search}
            error={searching.silentError}
            label={
              <>
                <SearchOutlined aria-hidden /> {t('faceSearch.search')}
              </>
            }
          />
          {faces.length === 0 && <p className={pairStyles.hint}>{t('faceSearch.addFirst')}</p>}
          <ImagePicker
            current={searchSlot.source}
            onSelect={searchSlot.select}
            history={searching.history}
            onClearHistory={searching.clearHistory}
            preferredSamples={SEARCH_SAMPLES}
            disabled={searching.running}
            showCredits={false}
          />
        </section>
      </div>

      <ResultPanel response={answer ?? null}>
        {answer && (
          <>
            <p
              className={`${pairStyles.decision} ${best?.is_same_person ? pairStyles.same : pairStyles.different}`}
              data-testid="facesearch-verdict"
            >
              {best?.is_same_person ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}
              {best?.is_same_person
                ? t('faceSearch.found', { name: best.face_name })
                : t('faceSearch.notFound')}
            </p>
            <ol className={styles.matches} aria-label={t('faceSearch.matches')}>
              {answer.results.map((match) => (
                <li key={match.face_token} className={styles.match} data-testid="facesearch-match">
                  <FaceThumb picture={pictures[match.face_token]} name={match.face_name} size={44} />
                  <span className={styles.faceName}>{match.face_name || t('faceSearch.unnamed')}</span>
                  <span className={styles.similarity} title={t('faceSearch.similarity')}>
                    {match.similarity.toFixed(2)}
                  </span>
                  <span className={match.is_same_person ? styles.sameTag : styles.differentTag}>
                    {t(match.is_same_person ? 'faceSearch.same' : 'faceSearch.different')}
                  </span>
                </li>
              ))}
            </ol>
            <p className={pairStyles.hint}>
              {t('faceSearch.thresholdNote', { threshold: answer.threshold })}
            </p>
          </>
        )}
      </ResultPanel>
    </div>
  );
}
