import { useState } from 'react';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../../api/menu.ts';
import { FaceSearchDemo } from '../facesearch/FaceSearchDemo.tsx';
import { FaceCompareDemo } from './FaceCompareDemo.tsx';
import styles from './FaceCompare.module.css';

type Mode = 'compare' | 'search';

/**
 * The faceRecognition page: compare two photos (v1/face_compare), or search a face set the
 * visitor fills with named faces (v1/faceset/*, v1/face_search).
 */
export function FaceRecognitionDemo({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('compare');
  return (
    <div className={styles.modes}>
      <Segmented<Mode>
        value={mode}
        onChange={setMode}
        options={[
          { value: 'compare', label: t('faceSearch.mode.compare') },
          { value: 'search', label: t('faceSearch.mode.search') },
        ]}
        data-testid="facerecognition-mode"
      />
      {mode === 'compare' ? <FaceCompareDemo item={item} /> : <FaceSearchDemo item={item} />}
    </div>
  );
}
