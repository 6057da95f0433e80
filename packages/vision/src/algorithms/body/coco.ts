/**
 * The COCO classes the shipped detectors (CenterNet, NanoDet: the 80 classes of COCO 2017 in
 * their usual 0-based order, as @vladmandic/human's object labels number them) are read for:
 * people for humandetect, and the accessories ornaments reports.
 */
export const COCO_CLASS = {
  person: 0,
  backpack: 24,
  umbrella: 25,
  handbag: 26,
  tie: 27,
} as const;
