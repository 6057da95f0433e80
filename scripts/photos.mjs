// Real test photos come from Debian packages and are never committed:
//  - python3-skimage (astronaut: NASA, public domain; chelsea and coffee: CC0): the installed package, or
//    extracted with apt-get download + dpkg -x;
//  - opencv-doc (Apache-2.0 AND BSD-3-Clause per its debian/copyright, which excluded the non-free Lena
//    pictures): a bearded man (html/face_swapped.jpg), a man in glasses (html/example.jpg), a smiling
//    man (html/227943776_1.jpg), a footballer (examples/data/messi5.jpg), two men playing ball
//    indoors (examples/data/basketball1.png, greyscale), hands (html/handSrc.jpg and others), and
//    the outdoor and indoor scenes of the sky and aesthetic-score figures, cats, dogs and other
//    animals for the cats-and-dogs figures, fruit for the food ones, signs, pages and boxes for the
//    text-like regions: every file is listed in
//    OPENCV_DOC_PHOTOS below, extracted from the package.
//  - installed Debian packages read in place (.ci/run installs them; label files name them as
//    `<package>:<absolute path>`): lomiri-wallpapers-16.04/-20.04, mate-backgrounds and
//    plasma-workspace-wallpapers (scenes, two dogs at a window), scribus-template (public domain: a
//    pizza, a plate of shrimp and broccoli, a canyon, a harbour at sunset, moons, kites);
//  - kphotoalbum's demo photos (GPL-2+ per its debian/copyright; two dogs, a rabbit, people, beaches,
//    the Grand Canyon, snow): extracted by debianPackageFile below, as the package pulls in KDE.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SYSTEM = '/usr/lib/python3/dist-packages/skimage/data';

/**
 * Fills the cache folder `dir` once, safely when several test workers ask at the same time (as
 * parallel test files on a fresh clone do): `fill(tmp)` downloads and extracts into a folder of this
 * process's own, which is then renamed to `dir` in one step. A process that loses the race keeps
 * the winner's folder; a stale `dir` (one that `ready` refuses, from an older file list) is replaced.
 */
function extractOnce(dir, ready, fill) {
  if (ready(dir)) return;
  // Only a folder found before filling is stale; one that appears meanwhile is another process's.
  const stale = fs.existsSync(dir);
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  fs.mkdirSync(tmp, { recursive: true });
  try {
    fill(tmp);
    if (ready(dir)) return;
    if (stale) fs.rmSync(dir, { recursive: true, force: true });
    try {
      fs.renameSync(tmp, dir);
    } catch (error) {
      // Another process renamed its folder in first: use that one.
      if (!ready(dir)) throw error;
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * A fill for extractOnce: `apt-get download <pkg>` into the folder (nothing installed), then
 * `extract(deb, folder)` (default: the whole package, `dpkg -x`), then the .deb removed.
 */
function unpackDeb(
  pkg,
  extract = (deb, dir) => execFileSync('dpkg', ['-x', deb, '.'], { cwd: dir, stdio: 'inherit' }),
) {
  return (dir) => {
    execFileSync('apt-get', ['download', pkg], { cwd: dir, stdio: 'inherit' });
    const deb = fs.readdirSync(dir).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${pkg} produced no package`);
    extract(deb, dir);
    fs.rmSync(path.join(dir, deb));
  };
}

export function ensureSkimageData() {
  const candidates = [process.env.SKIMAGE_DATA, SYSTEM, path.join(root, '.cache/skimage', SYSTEM)].filter(
    Boolean,
  );
  for (const dir of candidates) if (fs.existsSync(path.join(dir, 'astronaut.png'))) return dir;
  const cache = path.join(root, '.cache/skimage');
  const dir = path.join(cache, SYSTEM);
  extractOnce(
    cache,
    (d) => fs.existsSync(path.join(d, SYSTEM, 'astronaut.png')),
    unpackDeb('python3-skimage'),
  );
  if (!fs.existsSync(path.join(dir, 'astronaut.png')))
    throw new Error('skimage data not found in the package');
  return dir;
}

const OPENCV_DOC = '/usr/share/doc/opencv-doc';
/** Files used from opencv-doc, relative to /usr/share/doc/opencv-doc. */
export const OPENCV_DOC_PHOTOS = [
  'opencv4/html/face_swapped.jpg',
  'opencv4/html/example.jpg',
  'opencv4/html/227943776_1.jpg',
  'examples/data/messi5.jpg',
  'examples/data/basketball1.png',
  // Hands (v1/HandGesture): an open hand on a table twice, and hands gripping a clock or a board.
  'opencv4/html/handSrc.jpg',
  'opencv4/html/handDst.jpg',
  'opencv4/html/Threshold_inRange_Tutorial_Result_input.jpeg',
  'opencv4/html/asymetricalPattern.jpg',
  'opencv4/html/screen_charuco.jpg',
  'opencv4/html/screen_finish.jpg',
  // Sky and aesthetic score (test/fixtures/sky-references.json, aesthetic-order.json): streets,
  // buildings, a lighthouse and a landscape under the sky; indoor scenes, close-ups and blurred
  // test pictures without it.
  'examples/data/building.jpg',
  'examples/data/leuvenA.jpg',
  'examples/data/leuvenB.jpg',
  'examples/data/home.jpg',
  'examples/data/stuff.jpg',
  'examples/data/squirrel_cls.jpg',
  'examples/data/butterfly.jpg',
  'examples/data/baboon.jpg',
  'examples/data/fruits.jpg',
  'examples/data/orange.jpg',
  'examples/data/ela_original.jpg',
  'examples/data/left.jpg',
  'examples/data/licenseplate_motion.jpg',
  'examples/data/text_defocus.jpg',
  'opencv4/html/03.jpg',
  'opencv4/html/04.jpg',
  'opencv4/html/retina_TreeHdr_small.jpg',
  'opencv4/html/corridor_fld.jpg',
  // Held out for the sky figures (sky-references.json, set 'holdout').
  'examples/text/scenetext02.jpg',
  'examples/text/scenetext03.jpg',
  'examples/text/scenetext04.jpg',
  'examples/text/scenetext05.jpg',
  'examples/text/scenetext06.jpg',
  'opencv4/html/fusion_mertens.jpg',
  'opencv4/html/Background_Subtraction_Tutorial_frame.jpg',
  'opencv4/html/studentsSample_parvo.jpg',
  'examples/hfs/data/000.jpg',
  // The aesthetic score's held-out ordering (aesthetic-order-holdout.json).
  'opencv4/html/plant.jpg',
  'opencv4/html/230501201_1.jpg',
  'opencv4/html/detect_test1.jpg',
  'examples/data/apple.jpg',
  'examples/data/board.jpg',
  'examples/data/aero1.jpg',
  'examples/text/scenetext01.jpg',
  // Cats and dogs (packages/vision/test/fixtures/pet-boxes.json): cats, dogs, other animals.
  'opencv4/html/cat_det.jpg',
  'opencv4/html/Morphology_1_Tutorial_Original_Image.jpg',
  'opencv4/html/Pyramids_Tutorial_Original_Image.jpg',
  'opencv4/html/Remap_Tutorial_Original_Image.jpg',
  'opencv4/html/Histogram_Calculation_Original_Image.jpg',
  'examples/data/HappyFish.jpg',
  // Text-like regions (packages/vision/test/fixtures/text-labels.json): shop signs, pages, boxes,
  // a sudoku; music notation and sweets without text.
  'examples/text/scenetext_segmented_word01.jpg',
  'examples/text/scenetext_segmented_word02.jpg',
  'examples/text/scenetext_segmented_word03.jpg',
  'examples/text/scenetext_segmented_word04.jpg',
  'examples/text/scenetext_segmented_word05.jpg',
  'examples/text/scenetext_word02.jpg',
  'examples/text/scenetext_word03.jpg',
  'examples/text/scenetext_word04.jpg',
  'examples/data/text_motion.jpg',
  'examples/data/imageTextN.png',
  'examples/data/imageTextR.png',
  'examples/data/box.png',
  'examples/data/box_in_scene.png',
  'examples/data/sudoku.png',
  'examples/data/notes.png',
  'examples/data/smarties.png',
];

/** Folder holding opencv-doc's files (`<dir>/opencv4/html/face_swapped.jpg`, ...), extracted on first use. */
export function ensureOpencvDocPhotos() {
  const ready = (dir) => OPENCV_DOC_PHOTOS.every((f) => fs.existsSync(path.join(dir, f)));
  const candidates = [process.env.OPENCV_DOC, OPENCV_DOC, path.join(root, '.cache/opencv-doc', OPENCV_DOC)];
  for (const dir of candidates.filter(Boolean)) if (ready(dir)) return dir;
  const cache = path.join(root, '.cache/opencv-doc');
  extractOnce(
    cache,
    (d) => ready(path.join(d, OPENCV_DOC)),
    // Only the few files we use (the package is ~95 MB, mostly HTML docs).
    unpackDeb('opencv-doc', (deb, tmp) => {
      const members = OPENCV_DOC_PHOTOS.map((f) => `'.${OPENCV_DOC}/${f}'`).join(' ');
      execFileSync('sh', ['-c', `dpkg-deb --fsys-tarfile '${deb}' | tar -x ${members}`], {
        cwd: tmp,
        stdio: 'inherit',
      });
    }),
  );
  const dir = path.join(cache, OPENCV_DOC);
  if (!ready(dir)) throw new Error('opencv-doc photos not found in the package');
  return dir;
}

/**
 * A file a Debian package installs (`debianPackageFile('kphotoalbum', '/usr/share/kphotoalbum/demo/donna.jpg')`):
 * the installed file, or else the package's files extracted once under .cache/<package> (apt-get
 * download + dpkg -x, nothing installed system-wide); for packages whose dependencies are too
 * heavy to install for a few photos.
 */
export function debianPackageFile(pkg, file) {
  if (fs.existsSync(file)) return file;
  if (!/^[a-z0-9][a-z0-9.+-]*$/.test(pkg)) throw new Error(`not a Debian package name: ${pkg}`);
  const cache = path.join(root, '.cache', pkg);
  const extracted = path.join(cache, file);
  // The whole package is extracted, so a cache holding one of its files holds them all.
  extractOnce(cache, (d) => fs.existsSync(path.join(d, file)), unpackDeb(pkg));
  if (!fs.existsSync(extracted)) throw new Error(`${file} is not in the package ${pkg}`);
  return extracted;
}

/**
 * Every photo package the tests read that is not installed, fetched before the tests start
 * (scripts/test.mjs), so that test files running in parallel find them in place.
 */
export function ensureTestPhotos() {
  ensureSkimageData();
  ensureOpencvDocPhotos();
  debianPackageFile('kphotoalbum', '/usr/share/kphotoalbum/demo/donna.jpg');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(ensureSkimageData());
  console.log(ensureOpencvDocPhotos());
}
