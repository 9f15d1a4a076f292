import { useSyncExternalStore } from 'react';
import { chatLive, subscribeChatLive, type ChatLive } from './chat-live.ts';

const noSubscribe = () => () => undefined;
const zero = () => 0;
const none = () => null;

/** The tab's live chat (null until the signed-in person is known), re-rendering on every change it announces. */
export function useChatLive(): ChatLive | null {
  const live = useSyncExternalStore(subscribeChatLive, chatLive, none);
  useSyncExternalStore(live?.subscribe ?? noSubscribe, live?.getVersion ?? zero, zero);
  return live;
}
