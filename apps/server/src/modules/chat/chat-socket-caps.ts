/** One open socket as the caps see it. */
export interface CappedSocket {
  readonly sessionId: string;
  readonly address: string;
  /** Closes it to make room (4008). */
  close(): void;
}

/**
 * The sockets of this instance per session and per client address, oldest first (a Set keeps
 * the order things were added in; issue 30). A socket added past a cap closes the oldest of that
 * session or address; a closed one leaves both at once, so a burst of opens never closes more
 * than it must.
 */
export class SocketCaps {
  private readonly bySession = new Map<string, Set<CappedSocket>>();
  private readonly byAddress = new Map<string, Set<CappedSocket>>();

  constructor(
    private readonly perSession: number,
    private readonly perAddress: number,
  ) {}

  add(socket: CappedSocket): CappedSocket {
    add(this.bySession, socket.sessionId, socket);
    add(this.byAddress, socket.address, socket);
    this.trim(this.bySession, socket.sessionId, this.perSession);
    this.trim(this.byAddress, socket.address, this.perAddress);
    return socket;
  }

  remove(socket: CappedSocket): void {
    drop(this.bySession, socket.sessionId, socket);
    drop(this.byAddress, socket.address, socket);
  }

  private trim(map: Map<string, Set<CappedSocket>>, key: string, cap: number): void {
    for (let set = map.get(key); set && set.size > cap; set = map.get(key)) {
      const oldest = set.values().next().value!;
      this.remove(oldest);
      oldest.close();
    }
  }
}

function add(map: Map<string, Set<CappedSocket>>, key: string, socket: CappedSocket): void {
  const set = map.get(key);
  if (set) set.add(socket);
  else map.set(key, new Set([socket]));
}

function drop(map: Map<string, Set<CappedSocket>>, key: string, socket: CappedSocket): void {
  const set = map.get(key);
  if (!set?.delete(socket)) return;
  if (set.size === 0) map.delete(key);
}
