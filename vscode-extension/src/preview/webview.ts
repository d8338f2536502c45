// The preview page's script (bundled by esbuild into out/webview.js and inlined with a nonce). It keeps
// the last view and the page of each buffer table, renders with the pure functions of render.ts, draws
// the canvases and turns clicks into messages to the extension.
import type { PreviewControl, PreviewInputs } from "../protocol";
import type { FromPage, ToPage } from "./model";
import {
  BufferPages,
  controlsKey,
  displayScale,
  frameText,
  hexToColor,
  imagePixels,
  legendPixels,
  pixelReadout,
  PlayState,
  PreviewView,
  renderControls,
  renderView,
} from "./render";

interface VsCodeApi {
  postMessage(message: FromPage): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

interface SavedState {
  view?: PreviewView;
  pages: BufferPages;
  inputs?: PreviewInputs;
  fps?: number;
}

const vscode = acquireVsCodeApi();
const app = document.getElementById("app") as HTMLElement;
const saved = vscode.getState() as Partial<SavedState> | undefined;
let view: PreviewView | undefined = saved?.view;
let pages: BufferPages = saved?.pages ?? {};

// The interactive part: the user's inputs, sent with every run; play state; the controls bar above the
// results, drawn again only when the program's controls change (a slider being dragged stays put).
let inputs: PreviewInputs = saved?.inputs ?? {};
const play: PlayState = { playing: false, fps: saved?.fps ?? 10 };
let timer: ReturnType<typeof setInterval> | undefined;
/** A run was asked for and its answer has not come yet: play ticks wait for it. */
let pending = false;
const held = new Set<string>();
const controlsBox = document.createElement("div");
controlsBox.id = "controls";
app.parentElement?.insertBefore(controlsBox, app);
let shownControls = "";
/** The most frames a re-run after a control change replays. */
const MAX_REPLAY_FRAMES = 1000;

function currentInputs(extra: Partial<PreviewInputs> = {}): PreviewInputs {
  return { ...inputs, keys: [...held], ...extra };
}

function post(message: FromPage): void {
  if (message.type === "run") {
    pending = true;
    // A click counts in one frame only.
    const mouse = inputs.mouse;
    if (mouse !== undefined && mouse[3] > 0) {
      inputs = { ...inputs, mouse: [mouse[0], mouse[1], mouse[2], -mouse[3]] };
    }
  }
  vscode.postMessage(message);
}

/** One more frame of the shown run, with the current inputs (the frame after the shown one: a server
 * that lost the run, its GPU process restarted, runs up to it again). */
function step(): void {
  const result = view?.result;
  const next = result?.ok === true ? (result.firstFrame ?? 0) + (result.frames ?? 0) : undefined;
  post({ type: "run", inputs: currentInputs(next === undefined ? { continue: true } : { continue: true, fromFrame: next }), frames: 1 });
}

/** After a control changed: a paused program runs again from frame 0 to the frame shown. */
function rerun(): void {
  if (play.playing) {
    return;
  }
  const result = view?.result;
  const shown = (result?.firstFrame ?? 0) + (result?.frames ?? 0);
  const frames = Math.min(MAX_REPLAY_FRAMES, Math.max(1, shown));
  post({ type: "run", inputs: currentInputs(), frames });
}

function setPlaying(playing: boolean): void {
  play.playing = playing;
  if (timer !== undefined) {
    clearInterval(timer);
    timer = undefined;
  }
  if (playing) {
    timer = setInterval(() => {
      if (!pending) {
        step();
      }
    }, 1000 / play.fps);
  }
  shownControls = "";
  renderControlsBox();
}

function renderControlsBox(): void {
  const result = view?.result;
  const key = `${controlsKey(result)}|${play.playing}|${play.fps}`;
  if (key === shownControls) {
    const frame = document.getElementById("frame-number");
    if (frame !== null && result !== undefined) {
      frame.textContent = frameText(result);
    }
    return;
  }
  shownControls = key;
  controlsBox.innerHTML = renderControls(result, inputs, play);
}

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
  vscode.setState({ view, pages, inputs, fps: play.fps } satisfies SavedState);
}

window.addEventListener("message", (event: MessageEvent) => {
  const message = event.data as ToPage;
  if (typeof message !== "object" || message === null || message.type !== "view") {
    return;
  }
  view = message.view;
  if (view.running === undefined) {
    pending = false;
  }
  // A failed run stops play.
  if (play.playing && view.result !== undefined && !view.result.ok) {
    setPlaying(false);
  }
  save();
  render();
  renderControlsBox();
  // A run the page did not ask for (the server's after a save) used the defaults: run again with the
  // values the controls show.
  if (!pending && !play.playing && view.running === undefined && view.result?.ok === true && inputsDiffer(view.result.controls ?? [])) {
    rerun();
  }
});

/** The page's control values differ from those a run used (after the clamping the engine does). */
function inputsDiffer(controls: PreviewControl[]): boolean {
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  return controls.some((control) => {
    if (control.kind === "slider") {
      const value = inputs.sliders?.[control.name];
      return value !== undefined && Math.abs(clamp(value, control.min ?? value, control.max ?? value) - control.value[0]) > 1e-9;
    }
    const color = inputs.colors?.[control.name];
    return color !== undefined && color.some((c, i) => Math.abs(clamp(c, 0, 1) - control.value[i]) > 1e-9);
  });
}

controlsBox.addEventListener("input", (event) => {
  const target = event.target as HTMLInputElement;
  if (target.dataset.slider !== undefined) {
    const value = Number(target.value);
    inputs = { ...inputs, sliders: { ...inputs.sliders, [target.dataset.slider]: value } };
    const output = controlsBox.querySelector<HTMLElement>(`[data-slider-value="${CSS.escape(target.dataset.slider)}"]`);
    if (output !== null) {
      output.textContent = String(Number(value.toPrecision(6)));
    }
  } else if (target.dataset.color !== undefined) {
    const color = hexToColor(target.value);
    if (color !== undefined) {
      inputs = { ...inputs, colors: { ...inputs.colors, [target.dataset.color]: color } };
    }
  }
  save();
});

// A control's new value is run when the user lets go of it.
controlsBox.addEventListener("change", (event) => {
  const target = event.target as HTMLElement;
  if (target instanceof HTMLSelectElement && target.dataset.fps !== undefined) {
    play.fps = Number(target.value) || 10;
    save();
    setPlaying(play.playing);
    return;
  }
  if (target.dataset.slider !== undefined || target.dataset.color !== undefined) {
    rerun();
  }
});

controlsBox.addEventListener("click", (event) => {
  const target = (event.target as Element).closest<HTMLElement>("[data-action]");
  switch (target?.dataset.action) {
    case "play":
      setPlaying(true);
      break;
    case "pause":
      setPlaying(false);
      break;
    case "step":
      step();
      break;
  }
});

/** The image pixel under a mouse event on an image canvas. */
function imagePoint(event: MouseEvent): [number, number] | undefined {
  const canvas = (event.target as Element).closest<HTMLCanvasElement>("canvas[data-image]");
  if (canvas === null) {
    return undefined;
  }
  const bounds = canvas.getBoundingClientRect();
  const x = Math.floor(((event.clientX - bounds.left) / bounds.width) * canvas.width);
  const y = Math.floor(((event.clientY - bounds.top) / bounds.height) * canvas.height);
  return [x, y];
}

function wantsMouse(): boolean {
  return view?.result?.mouse === true;
}

app.addEventListener("mousedown", (event) => {
  const point = imagePoint(event);
  if (point === undefined || !wantsMouse()) {
    return;
  }
  event.preventDefault();
  // xy: the position; zw: where the button went down, z > 0 while down, w > 0 for the click.
  inputs = { ...inputs, mouse: [point[0], point[1], point[0], point[1]] };
  if (!play.playing) {
    step();
  }
});

window.addEventListener("mouseup", () => {
  const mouse = inputs.mouse;
  if (mouse === undefined || mouse[2] <= 0 || !wantsMouse()) {
    return;
  }
  inputs = { ...inputs, mouse: [mouse[0], mouse[1], -mouse[2], -Math.abs(mouse[3])] };
  if (!play.playing) {
    step();
  }
});

function watchedKey(event: KeyboardEvent): boolean {
  const keys = view?.result?.keys ?? [];
  const inControl = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
  return !inControl && (keys.includes(event.code) || keys.includes(event.key));
}

window.addEventListener("keydown", (event) => {
  if (!watchedKey(event) || event.repeat) {
    return;
  }
  event.preventDefault();
  held.add(event.code);
  held.add(event.key);
  if (!play.playing) {
    step();
  }
});

window.addEventListener("keyup", (event) => {
  if (!held.has(event.code) && !held.has(event.key)) {
    return;
  }
  held.delete(event.code);
  held.delete(event.key);
  if (!play.playing && watchedKey(event)) {
    step();
  }
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
  if (event.buttons !== 0 && wantsMouse() && (inputs.mouse?.[2] ?? 0) > 0) {
    const mouse = inputs.mouse ?? [0, 0, 0, 0];
    inputs = { ...inputs, mouse: [x, y, mouse[2], mouse[3]] };
  }
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
      post({ type: "run", inputs: currentInputs() });
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
renderControlsBox();
vscode.postMessage({ type: "ready" });
