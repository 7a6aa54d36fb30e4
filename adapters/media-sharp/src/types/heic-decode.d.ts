/** heic-decode (libheif in WebAssembly) ships no types: the part of it the pipeline uses. */
declare module 'heic-decode' {
  /** An image's pixels, RGBA, upright (libheif applies the file's rotation and mirroring). */
  export interface DecodedHeic {
    readonly width: number;
    readonly height: number;
    readonly data: Uint8ClampedArray;
  }
  /** An image of the file, its size known before its pixels are decoded. */
  export interface HeicImage {
    readonly width: number;
    readonly height: number;
    decode(): Promise<DecodedHeic>;
  }
  interface Decode {
    (input: { readonly buffer: Uint8Array }): Promise<DecodedHeic>;
    /** Every image of the file, not yet decoded; `dispose` frees libheif's memory. */
    all(input: { readonly buffer: Uint8Array }): Promise<readonly HeicImage[] & { dispose(): void }>;
  }
  const decode: Decode;
  export default decode;
}
