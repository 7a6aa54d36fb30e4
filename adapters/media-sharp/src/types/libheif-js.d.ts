/** libheif-js's WebAssembly build ships types for its bindings only: the part of its JavaScript wrapper the pipeline uses. */
declare module 'libheif-js/wasm-bundle.js' {
  namespace libheif {
    /** An image of a decoded file; `free` releases it. */
    interface HeifImage {
      get_width(): number;
      get_height(): number;
      /** Is it the file's primary image (the one the file is of). */
      is_primary(): boolean;
      /** Decodes the pixels into `target` (RGBA); the callback gets it back, or null on failure. */
      display(target: { data: Uint8ClampedArray; width: number; height: number }, done: (shown: { data: Uint8ClampedArray } | null) => void): void;
      free(): void;
    }
    /** Parses a file: its top-level images (none when it cannot be read). Its context is `decoder`, freed by heif_context_free. */
    class HeifDecoder {
      decoder: unknown;
      decode(bytes: Uint8Array): HeifImage[];
    }
    function heif_context_free(context: unknown): void;
  }
  export default libheif;
}
