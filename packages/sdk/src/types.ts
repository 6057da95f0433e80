/** What the client knows of a capability at run time (the rest is in its types). */
export interface CapabilityInfo {
  /** The contract's key (`facePoint`, `catsAndDogs`). */
  key: string;
  /** Gateway path without the leading slash (`v2/facepoints`). */
  endpoint: string;
  /** Images the call takes, in order. */
  images: number;
  /** The output kind of the answer (`boxes`, `points`, `mask`, `image`...); null for the face family's own answers. */
  kind: string | null;
  /** Whether the answer carries a result image (then `rsp_media_type` chooses base64 or a short-lived URL). */
  producesImages: boolean;
  /** Answer fields besides `media_data` that hold images (a mask). */
  imageFields: readonly string[];
}
