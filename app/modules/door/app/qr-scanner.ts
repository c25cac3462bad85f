/**
 * The camera as a QR reader (issue #41): the rear camera, decoded with the browser's BarcodeDetector
 * where it has one (Android Chrome, Safari), else by zxing in a worker, so the screen never stutters.
 * A frame every 150 ms; the same code is reported once per 3 s (a phone held over a ticket).
 */
import decoderWasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import decoderWorkerUrl from "./qr-worker.ts?worker&url";

const EVERY_MS = 150;
const SAME_CODE_QUIET_MS = 3000;
/** Frames are shrunk to this width before decoding: a ticket's QR fills much of the frame. */
const DECODE_WIDTH = 640;

type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };

async function nativeDetector(): Promise<Detector | null> {
  const Native = (
    globalThis as {
      BarcodeDetector?: {
        new (options: { formats: string[] }): Detector;
        getSupportedFormats(): Promise<string[]>;
      };
    }
  ).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes("qr_code")
      ? new Native({ formats: ["qr_code"] })
      : null;
  } catch {
    return null;
  }
}

/**
 * The decoder's own files, for the service worker to keep before the network goes: the worker starts
 * only when the camera does, often already offline.
 */
export const DECODER_FILES = [decoderWorkerUrl, decoderWasmUrl];

function workerDetector() {
  const worker = new Worker(decoderWorkerUrl, { type: "module" });
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return {
    detect(video: HTMLVideoElement): Promise<string | null> {
      if (!context || !video.videoWidth) return Promise.resolve(null);
      const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      return new Promise((resolve) => {
        worker.onmessage = (event: MessageEvent<string | null>) => resolve(event.data);
        // A worker that cannot start (its file unreachable) reads nothing rather than hanging the loop.
        worker.onerror = () => resolve(null);
        worker.postMessage(image, [image.data.buffer]);
      });
    },
    stop: () => worker.terminate(),
  };
}

export type Scanner = {
  stop(): void;
  /** While an answer is on screen nothing is decoded: the answer's frame has the phone to itself. */
  pause(paused: boolean): void;
};

/** Starts the camera into `video` and calls `onCode` with each new code; throws when there is no camera. */
export async function startScanner(
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<Scanner> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: "environment", width: { ideal: 1280 } },
    audio: false,
  });
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();
  const native = await nativeDetector();
  const fallback = native ? null : workerDetector();
  let stopped = false;
  let paused = false;
  let last = { code: "", at: 0 };
  const tick = async () => {
    if (stopped) return;
    if (paused) {
      window.setTimeout(tick, EVERY_MS);
      return;
    }
    const started = performance.now();
    let code: string | null = null;
    try {
      code = native
        ? ((await native.detect(video))[0]?.rawValue ?? null)
        : await (fallback as ReturnType<typeof workerDetector>).detect(video);
    } catch {
      code = null;
    }
    const now = Date.now();
    if (code && (code !== last.code || now - last.at > SAME_CODE_QUIET_MS)) {
      last = { code, at: now };
      onCode(code);
    } else if (code) last.at = now;
    window.setTimeout(tick, Math.max(0, EVERY_MS - (performance.now() - started)));
  };
  void tick();
  return {
    pause(value) {
      paused = value;
    },
    stop() {
      stopped = true;
      fallback?.stop();
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}
