// Options of the editor window. A pure function so the security-relevant settings are testable
// without Electron; main.ts passes the result straight to `new BrowserWindow`.

export interface SecureWebPreferences {
  readonly preload: string;
  readonly contextIsolation: true;
  readonly sandbox: true;
  readonly nodeIntegration: false;
  readonly nodeIntegrationInWorker: false;
  readonly nodeIntegrationInSubFrames: false;
  readonly webSecurity: true;
  readonly allowRunningInsecureContent: false;
  readonly webviewTag: false;
  readonly navigateOnDragDrop: false;
  readonly spellcheck: false;
}

export interface MainWindowOptions {
  readonly title: string;
  readonly width: number;
  readonly height: number;
  readonly minWidth: number;
  readonly minHeight: number;
  /** Shown on 'ready-to-show' to avoid a white flash while the page loads. */
  readonly show: false;
  readonly webPreferences: SecureWebPreferences;
}

export function mainWindowOptions(preloadPath: string): MainWindowOptions {
  return {
    title: "Collider Studio",
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    webPreferences: {
      preload: preloadPath,
      // The page gets only what the preload exposes through the context bridge.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // A file dropped on the window must not replace the editor page.
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}
