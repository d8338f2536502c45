// The preview page's script (bundled by esbuild into out/webview.js and inlined with a nonce). It keeps
// the last view and the page of each buffer table, renders with the pure functions of render.ts, draws
// the canvases and turns clicks into messages to the extension.
import type { FromPage, ToPage } from "./model";
import { BufferPages, displayScale, imagePixels, legendPixels, pixelReadout, PreviewView, renderView } from "./render";

interface VsCodeApi {
  postMessage(message: FromPage): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

interface SavedState {
  view?: PreviewView;
  pages: BufferPages;
}

const vscode = acquireVsCodeApi();
const app = document.getElementById("app") as HTMLElement;
const saved = vscode.getState() as Partial<SavedState> | undefined;
let view: PreviewView | undefined = saved?.view;
let pages: BufferPages = saved?.pages ?? {};

function draw(target: HTMLCanvasElement, pixels: { width: number; height: number; data: Uint8ClampedArray }): void {
  const context = target.getContext("2d");
  if (context === null) {
    return;
  }
  const data = new ImageData(pixels.width, pixels.height);
  data.data.set(pixels.data);
  context.putImageData(data, 0, 0);
}

function render(): void {
  if (view === undefined) {
    return;
  }
  const scrollY = window.scrollY;
  app.innerHTML = renderView(view, pages);
  const buffers = view.result?.buffers ?? [];
  app.querySelectorAll<HTMLCanvasElement>("canvas[data-image]").forEach((canvas) => {
    const buffer = buffers[Number(canvas.dataset.image)];
    const pixels = buffer === undefined ? undefined : imagePixels(buffer);
    if (pixels !== undefined) {
      draw(canvas, pixels);
      // Small images are enlarged by an integer factor; CSSOM styles are allowed by the policy.
      const scale = displayScale(pixels.width, pixels.height);
      canvas.style.width = `${pixels.width * scale}px`;
    }
  });
  app.querySelectorAll<HTMLCanvasElement>("canvas[data-legend]").forEach((canvas) => {
    draw(canvas, legendPixels(canvas.width));
  });
  window.scrollTo(0, scrollY);
}

function save(): void {
  vscode.setState({ view, pages } satisfies SavedState);
}

window.addEventListener("message", (event: MessageEvent) => {
  const message = event.data as ToPage;
  if (typeof message !== "object" || message === null || message.type !== "view") {
    return;
  }
  view = message.view;
  save();
  render();
});

// The value under the mouse on an image, in its caption.
app.addEventListener("mousemove", (event) => {
  const canvas = (event.target as Element).closest<HTMLCanvasElement>("canvas[data-image]");
  if (canvas === null) {
    return;
  }
  const buffer = view?.result?.buffers[Number(canvas.dataset.image)];
  const readout = app.querySelector<HTMLElement>(`[data-readout="${canvas.dataset.image}"]`);
  if (buffer === undefined || readout === null) {
    return;
  }
  const bounds = canvas.getBoundingClientRect();
  const x = Math.floor(((event.clientX - bounds.left) / bounds.width) * canvas.width);
  const y = Math.floor(((event.clientY - bounds.top) / bounds.height) * canvas.height);
  readout.textContent = pixelReadout(buffer, x, y);
});

app.addEventListener("click", (event) => {
  const target = (event.target as Element).closest<HTMLElement>("[data-action]");
  if (target === null) {
    return;
  }
  event.preventDefault();
  const data = target.dataset;
  switch (data.action) {
    case "run":
      vscode.postMessage({ type: "run" });
      break;
    case "gradientCheck":
      vscode.postMessage({ type: "gradientCheck" });
      break;
    case "open":
      vscode.postMessage({
        type: "open",
        file: data.file ?? "",
        line: Number(data.line),
        column: Number(data.column),
      });
      break;
    case "page": {
      const buffer = view?.result?.buffers[Number(data.buffer)];
      if (buffer !== undefined) {
        pages = { ...pages, [buffer.name]: Number(data.page) };
        save();
        render();
        document.getElementById(`buffer-${data.buffer}`)?.scrollIntoView({ block: "nearest" });
      }
      break;
    }
  }
});

render();
vscode.postMessage({ type: "ready" });
