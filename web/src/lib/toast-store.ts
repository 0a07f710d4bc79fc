import { create } from 'zustand';

// Toast constants from docs/product.md, Constants.
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
/** A dismissed toast stays in the store (closed) this long before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_HOTKEY = 'F8';
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastRecord {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (changes: ToastInput) => void;
}

interface ToastState {
  toasts: ToastRecord[];
}

export const useToastStore = create<ToastState>()(() => ({ toasts: [] }));

const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let lastId = 0;

function nextId(): string {
  lastId = (lastId + 1) % Number.MAX_SAFE_INTEGER;
  return String(lastId);
}

function cancelRemoval(id: string): void {
  const timer = removalTimers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  removalTimers.delete(id);
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      removeToast(id);
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or every toast when no id is given; removal follows later. */
export function dismissToast(id?: string): void {
  const { toasts } = useToastStore.getState();
  const matches = (toast: ToastRecord) => id === undefined || toast.id === id;
  toasts.filter(matches).forEach((toast) => scheduleRemoval(toast.id));
  useToastStore.setState({
    toasts: toasts.map((toast) => (matches(toast) ? { ...toast, open: false } : toast)),
  });
}

export function removeToast(id?: string): void {
  const { toasts } = useToastStore.getState();
  toasts.filter((toast) => id === undefined || toast.id === id).forEach((toast) => cancelRemoval(toast.id));
  useToastStore.setState({ toasts: id === undefined ? [] : toasts.filter((toast) => toast.id !== id) });
}

export function updateToast(id: string, changes: ToastInput): void {
  useToastStore.setState(({ toasts }) => ({
    toasts: toasts.map((toast) => (toast.id === id ? { ...toast, ...definedOnly(changes) } : toast)),
  }));
}

export function toast(input: ToastInput): ToastHandle {
  const id = nextId();
  const record: ToastRecord = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
    open: true,
  };
  const { toasts } = useToastStore.getState();
  const kept = [record, ...toasts].slice(0, TOAST_LIMIT);
  // Toasts pushed out by the limit are gone at once; their removal timers are moot.
  toasts.filter((old) => !kept.includes(old)).forEach((old) => cancelRemoval(old.id));
  useToastStore.setState({ toasts: kept });
  return { id, dismiss: () => dismissToast(id), update: (changes) => updateToast(id, changes) };
}

function definedOnly(changes: ToastInput): Partial<ToastRecord> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}
