// The page's first script, and its only one until it is needed (issue 12).
//
// A public page comes drawn by the server: a visitor reads it, scrolls it and follows its links with
// no script at all. The app (main.tsx and its libraries) is fetched and hydrates the page on the
// visitor's first sign of intent (a touch, a key, a pointer, a focus, a scroll), so that nothing
// runs while the page loads on a slow phone. A signed-in visitor's page starts at once (her header
// shows her account), and so does a page the browser draws itself (the back-office, a patient's
// pages, an address with a query): they have nothing to show before the app.
//
// What the visitor did before the app was ready is not lost: the values she typed or chose are
// given back to the form once it is hydrated, and a button she pressed or a form she sent is
// pressed or sent again.
import { STORAGE_KEYS } from '@clinic/shared';
import './index.css';

const INTENT = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover', 'wheel', 'scroll'] as const;
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const root = document.getElementById('root');
const drawnByServer = !!root?.firstElementChild;

const typed = new Map<Field, { value: string; checked: boolean }>();
let pressed: HTMLButtonElement | null = null;
let sent: HTMLFormElement | null = null;
let ready = false;

const isField = (el: EventTarget | null): el is Field =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
const inPage = (el: EventTarget | null): el is Element => el instanceof Element && !!root?.contains(el);

// Each of these also starts the app: a value the browser filled in (autofill), or a press a screen
// reader makes, comes with none of the intent events.
function remember(event: Event) {
  if (ready || !isField(event.target) || !inPage(event.target)) return;
  const field = event.target;
  typed.set(field, { value: field.value, checked: field instanceof HTMLInputElement && field.checked });
  start();
}

function rememberPress(event: Event) {
  if (ready || !inPage(event.target)) return;
  const button = event.target.closest('button');
  // A link goes where it points by itself; a submit button is answered by its form's submit below.
  if (button && button.type !== 'submit') pressed = button;
  start();
}

function holdSubmit(event: Event) {
  if (ready || !(event.target instanceof HTMLFormElement) || !inPage(event.target)) return;
  // Without the app the form would reload the page with its fields in the address: it waits.
  event.preventDefault();
  sent = event.target;
  start();
}

const nativeSetter = (field: Field, key: 'value' | 'checked') =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), key)?.set;

/** Gives the hydrated page what the visitor did while it was loading. */
function replay() {
  ready = true;
  for (const [field, kept] of typed) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== kept.checked) nativeSetter(field, 'checked')?.call(field, kept.checked);
    } else if (field.value !== kept.value) nativeSetter(field, 'value')?.call(field, kept.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  typed.clear();
  if (pressed?.isConnected) pressed.click();
  if (sent?.isConnected) sent.requestSubmit();
  pressed = sent = null;
  // For whoever needs to know the page is live (the browser journeys wait for it).
  document.documentElement.dataset.app = 'ready';
}

/** After the hydration's own effects (which may reset a form to its defaults) have run. */
const afterEffects = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

let starting: Promise<void> | undefined;
function start() {
  if (starting) return;
  for (const type of INTENT) removeEventListener(type, start, { capture: true });
  starting = import('./main')
    .then((app) => app.started)
    .then(afterEffects)
    .then(replay, (error: unknown) => {
      // The app could not load (offline): the page stays readable, its links work, and the next intent tries again.
      starting = undefined;
      for (const type of INTENT) addEventListener(type, start, { capture: true, passive: true });
      console.error(error);
    });
}

function signedIn(): boolean {
  try {
    return !!localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return false;
  }
}

if (!drawnByServer || signedIn()) start();
else {
  addEventListener('input', remember, { capture: true });
  addEventListener('change', remember, { capture: true });
  addEventListener('click', rememberPress, { capture: true });
  addEventListener('submit', holdSubmit, { capture: true });
  for (const type of INTENT) addEventListener(type, start, { capture: true, passive: true });
}
