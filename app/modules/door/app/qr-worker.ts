/**
 * Decodes QR codes off the main thread where the browser has no BarcodeDetector (issue #41): zxing-cpp
 * built to WebAssembly (zxing-wasm), its .wasm served from our own assets — never a CDN.
 */
import { prepareZXingModule, readBarcodesFromImageData } from "zxing-wasm/reader";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
  },
  fireImmediately: true,
});

self.onmessage = async (event: MessageEvent<ImageData>) => {
  try {
    const [found] = await readBarcodesFromImageData(event.data, {
      formats: ["QRCode"],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    self.postMessage(found?.isValid ? found.text : null);
  } catch {
    self.postMessage(null);
  }
};
