import type { PushSubscriptionInput } from '@arreglaya/shared/schemas/push';
import { ApiError } from '@/lib/api.ts';
import { deletePushSubscription, fetchPushKey, savePushSubscription } from '../api/push-api.ts';

// Web Push on this device (decision 039): what the browser can do, and turning it on and off.
// Permission is asked only inside turnOn, which only a person's tap calls: never on a page's load.

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** Notifications, a service worker and a push manager: an iPhone's Safari has them only in the installed app. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && 'serviceWorker' in navigator;
}

/** This browser's subscription, if it has one; asks the person nothing. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where this device stands, without asking anything. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && (await currentSubscription()) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** After the person's tap: asks permission, subscribes through the service worker with the server's key, and saves the subscription. */
export async function turnOn(): Promise<PushState | 'dismissed'> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  // The worker is registered after the first idle moment (decision 032); a tap before that registers it now (the same script: the same registration).
  if (!(await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.register('/sw.js');
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await fetchPushKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await savePushSubscription(subscription.toJSON() as PushSubscriptionInput);
  return 'on';
}

/** Stops pushes to this device: on the server (already gone there is fine) and in the browser. */
export async function turnOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await deletePushSubscription(subscription.endpoint).catch((err: unknown) => {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    });
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * On sign-out: this browser stops receiving the person's pushes. Returns the endpoint for the
 * sign-out request, which deletes it on the server; never fails (a sign-out must go on).
 */
export async function releaseThisDevice(): Promise<string | undefined> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return undefined;
    await subscription.unsubscribe().catch(() => false);
    return subscription.endpoint;
  } catch {
    return undefined;
  }
}
