/**
 * A voice note's container and length, read from its bytes (decision 060), never from the type
 * the browser declared. Three containers are known: WebM/Matroska with Opus (Chromium's and
 * Firefox's MediaRecorder), Ogg with Opus (WhatsApp's voice notes) and MP4/M4A with AAC
 * (Safari's MediaRecorder). The length is the container's own account of its audio: the last
 * block's time (MediaRecorder's WebM has no Duration element), the last Ogg page's granule
 * position, the MP4 track's duration or its fragments' summed sample durations; whichever is
 * longest when a header also states one, so a file cannot claim to be shorter than its audio.
 */

export type VoiceMime = 'audio/webm' | 'audio/ogg' | 'audio/mp4';
export interface ProbedAudio {
  mime: VoiceMime;
  durationMs: number;
}

/** `not_audio`: none of the three containers; `unreadable`: one of them, but broken, empty or not Opus/AAC audio. */
export class AudioRejectedError extends Error {
  constructor(readonly reason: 'not_audio' | 'unreadable') {
    super(`audio rejected: ${reason}`);
  }
}

const unreadable = () => new AudioRejectedError('unreadable');

export function probeAudio(data: Buffer): ProbedAudio {
  const kind = sniff(data);
  if (!kind) throw new AudioRejectedError('not_audio');
  let durationMs: number;
  try {
    durationMs = kind === 'audio/webm' ? webmDurationMs(data) : kind === 'audio/ogg' ? oggDurationMs(data) : mp4DurationMs(data);
  } catch (err) {
    if (err instanceof AudioRejectedError) throw err;
    // A read past the end (RangeError) or any other surprise: a broken file.
    throw unreadable();
  }
  if (!Number.isFinite(durationMs) || durationMs <= 0) throw unreadable();
  return { mime: kind, durationMs: Math.round(durationMs) };
}

function sniff(data: Buffer): VoiceMime | undefined {
  if (data.length >= 4 && data.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (data.length >= 4 && data.toString('latin1', 0, 4) === 'OggS') return 'audio/ogg';
  if (data.length >= 8 && data.toString('latin1', 4, 8) === 'ftyp') return 'audio/mp4';
  return undefined;
}

// ---------------------------------------------------------------- WebM / Matroska (EBML)

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const SIMPLE_BLOCK = 0xa3;
/** The masters whose children are read; every other element is skipped by its size. */
const ENTERED = new Set([SEGMENT, INFO, TRACKS, TRACK_ENTRY, CLUSTER, BLOCK_GROUP]);

function vintLength(first: number): number {
  if (first === 0) throw unreadable();
  return Math.clz32(first) - 23;
}

function readId(data: Buffer, pos: number): { id: number; len: number } {
  const len = vintLength(data[pos]!);
  if (len > 4 || pos + len > data.length) throw unreadable();
  return { id: data.readUIntBE(pos, len), len };
}

/** An element's size; null when "unknown" (every value bit set: MediaRecorder's live Segment and Clusters). */
function readSize(data: Buffer, pos: number): { size: number | null; len: number } {
  const len = vintLength(data[pos]!);
  if (pos + len > data.length) throw unreadable();
  let value = data[pos]! & (0xff >> len);
  let allOnes = value === 0xff >> len;
  for (let i = 1; i < len; i++) {
    const b = data[pos + i]!;
    value = value * 256 + b;
    allOnes &&= b === 0xff;
  }
  return { size: allOnes ? null : value, len };
}

function readUint(data: Buffer, pos: number, size: number): number {
  if (size === 0) return 0;
  if (size > 6) throw unreadable();
  return data.readUIntBE(pos, size);
}

function webmDurationMs(data: Buffer): number {
  const header = readId(data, 0);
  if (header.id !== EBML) throw unreadable();
  const headerSize = readSize(data, header.len);
  if (headerSize.size === null) throw unreadable();
  const headerEnd = header.len + headerSize.len + headerSize.size;
  if (headerEnd > data.length) throw unreadable();
  let docType = '';
  for (let pos = header.len + headerSize.len; pos < headerEnd;) {
    const { id, len } = readId(data, pos);
    const { size, len: sizeLen } = readSize(data, pos + len);
    if (size === null) throw unreadable();
    const start = pos + len + sizeLen;
    if (id === DOC_TYPE) docType = data.toString('latin1', start, start + size).replace(/\0+$/, '');
    pos = start + size;
  }
  if (docType !== 'webm' && docType !== 'matroska') throw new AudioRejectedError('not_audio');

  let scale = 1_000_000;
  let statedTicks = 0;
  let clusterTime = 0;
  let lastBlockTicks = -1;
  const tracks: { type?: number; codec?: string }[] = [];
  for (let pos = headerEnd; pos < data.length;) {
    const { id, len } = readId(data, pos);
    const { size, len: sizeLen } = readSize(data, pos + len);
    const start = pos + len + sizeLen;
    if (ENTERED.has(id)) {
      if (id === TRACK_ENTRY) tracks.push({});
      pos = start;
      continue;
    }
    if (size === null || start + size > data.length) throw unreadable();
    switch (id) {
      case TIMECODE_SCALE:
        scale = readUint(data, start, size);
        break;
      case DURATION:
        statedTicks = size === 4 ? data.readFloatBE(start) : size === 8 ? data.readDoubleBE(start) : 0;
        break;
      case TRACK_TYPE:
        if (tracks.length > 0) tracks[tracks.length - 1]!.type = readUint(data, start, size);
        break;
      case CODEC_ID:
        if (tracks.length > 0) tracks[tracks.length - 1]!.codec = data.toString('latin1', start, start + size).replace(/\0+$/, '');
        break;
      case CLUSTER_TIMECODE:
        clusterTime = readUint(data, start, size);
        break;
      case SIMPLE_BLOCK:
      case BLOCK: {
        // Track number (a vint), then the time relative to the cluster: a signed 16-bit integer.
        const trackLen = vintLength(data[start]!);
        if (size < trackLen + 3) throw unreadable();
        lastBlockTicks = Math.max(lastBlockTicks, clusterTime + data.readInt16BE(start + trackLen));
        break;
      }
    }
    pos = start + size;
  }
  // Audio only, and Opus: a video (or anything else) is not a voice note.
  if (tracks.length === 0 || tracks.some((t) => t.type !== 2 || t.codec !== 'A_OPUS')) throw unreadable();
  if (lastBlockTicks < 0 || scale <= 0) throw unreadable();
  return (Math.max(statedTicks, lastBlockTicks) * scale) / 1_000_000;
}

// ---------------------------------------------------------------- Ogg / Opus

const OGG_CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Ogg's page checksum (CRC-32, polynomial 0x04c11db7, not reflected), over the page with its CRC field zeroed. */
export function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < page.length; i++) {
    const b = i >= 22 && i < 26 ? 0 : page[i]!;
    crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ b) & 0xff]!) >>> 0;
  }
  return crc;
}

function oggDurationMs(data: Buffer): number {
  let preSkip = -1;
  let serial: number | undefined;
  let lastGranule = -1n;
  let pages = 0;
  for (let pos = 0; pos < data.length;) {
    if (pos + 27 > data.length || data.toString('latin1', pos, pos + 4) !== 'OggS' || data[pos + 4] !== 0) throw unreadable();
    const segments = data[pos + 26]!;
    let bodyLength = 0;
    for (let i = 0; i < segments; i++) bodyLength += data[pos + 27 + i]!;
    const end = pos + 27 + segments + bodyLength;
    if (end > data.length) throw unreadable();
    if (oggCrc(data.subarray(pos, end)) !== data.readUInt32LE(pos + 22)) throw unreadable();
    // One logical stream: a file muxing several is not a voice note.
    const pageSerial = data.readUInt32LE(pos + 14);
    if (serial !== undefined && pageSerial !== serial) throw unreadable();
    serial = pageSerial;
    const body = pos + 27 + segments;
    if (pages === 0) {
      // The first packet is the Opus identification header; Vorbis, Speex, FLAC... are refused.
      if (bodyLength < 19 || data.toString('latin1', body, body + 8) !== 'OpusHead') throw unreadable();
      preSkip = data.readUInt16LE(body + 10);
    }
    const granule = data.readBigInt64LE(pos + 6);
    if (granule >= 0n && granule > lastGranule) lastGranule = granule;
    pages++;
    pos = end;
  }
  // Headers alone (identification + comments) are two pages with granule 0: no audio.
  if (preSkip < 0 || pages < 3) throw unreadable();
  // Opus granule positions count 48 kHz samples, whatever the input rate.
  return (Number(lastGranule - BigInt(preSkip)) / 48_000) * 1000;
}

// ---------------------------------------------------------------- MP4 / M4A (ISO BMFF)

interface Box {
  type: string;
  start: number;
  end: number;
}

function* boxes(data: Buffer, from: number, to: number): Generator<Box> {
  for (let pos = from; pos < to;) {
    if (pos + 8 > to) throw unreadable();
    let size = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(pos + 8));
      header = 16;
    } else if (size === 0) size = to - pos;
    if (size < header || pos + size > to) throw unreadable();
    yield { type, start: pos + header, end: pos + size };
    pos += size;
  }
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf']);

/** mvhd / mdhd: a timescale and a duration, 32- or 64-bit by version; an all-ones duration means unknown. */
function timescaleAndDuration(data: Buffer, start: number): { timescale: number; duration: number } {
  const version = data[start]!;
  if (version === 1) {
    const duration = data.readBigUInt64BE(start + 24);
    return { timescale: data.readUInt32BE(start + 20), duration: duration === 0xffffffffffffffffn ? 0 : Number(duration) };
  }
  const duration = data.readUInt32BE(start + 16);
  return { timescale: data.readUInt32BE(start + 12), duration: duration === 0xffffffff ? 0 : duration };
}

function mp4DurationMs(data: Buffer): number {
  let movieMs = 0;
  let trackTimescale = 0;
  let trackMs = 0;
  let defaultDuration = 0;
  let fragmentTicks = 0;
  let hasData = false;
  const handlers: string[] = [];
  const sampleEntries: string[] = [];
  // Per fragment (traf): its decode time and the default sample duration its tfhd states.
  let fragmentBase: number | undefined;
  let fragmentDefault = 0;

  const walk = (from: number, to: number): void => {
    for (const box of boxes(data, from, to)) {
      const { type, start, end } = box;
      if (CONTAINERS.has(type)) {
        if (type === 'traf') {
          fragmentBase = undefined;
          fragmentDefault = defaultDuration;
        }
        walk(start, end);
        continue;
      }
      switch (type) {
        case 'mdat':
          hasData ||= end > start;
          break;
        case 'mvhd': {
          const { timescale, duration } = timescaleAndDuration(data, start);
          if (timescale > 0) movieMs = Math.max(movieMs, (duration / timescale) * 1000);
          break;
        }
        case 'mdhd': {
          const { timescale, duration } = timescaleAndDuration(data, start);
          if (timescale === 0) throw unreadable();
          trackTimescale = timescale;
          trackMs = Math.max(trackMs, (duration / timescale) * 1000);
          break;
        }
        case 'hdlr':
          handlers.push(data.toString('latin1', start + 8, start + 12));
          break;
        case 'stsd':
          for (const entry of boxes(data, start + 8, end)) sampleEntries.push(entry.type);
          break;
        case 'trex':
          defaultDuration = data.readUInt32BE(start + 12);
          break;
        case 'tfhd': {
          const flags = data.readUIntBE(start + 1, 3);
          let p = start + 8;
          if (flags & 0x1) p += 8;
          if (flags & 0x2) p += 4;
          if (flags & 0x8) fragmentDefault = data.readUInt32BE(p);
          break;
        }
        case 'tfdt':
          fragmentBase = data[start] === 1 ? Number(data.readBigUInt64BE(start + 4)) : data.readUInt32BE(start + 4);
          break;
        case 'trun': {
          const flags = data.readUIntBE(start + 1, 3);
          const count = data.readUInt32BE(start + 4);
          let p = start + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
          const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
          if (p + count * perSample > end) throw unreadable();
          let ticks = 0;
          for (let i = 0; i < count; i++, p += perSample) ticks += flags & 0x100 ? data.readUInt32BE(p) : fragmentDefault;
          const base = fragmentBase ?? fragmentTicks;
          fragmentTicks = Math.max(fragmentTicks, base + ticks);
          fragmentBase = base + ticks;
          break;
        }
      }
    }
  };
  walk(0, data.length);
  // Sound only, AAC ('mp4a'): a video or another codec is not a voice note.
  if (handlers.length === 0 || handlers.some((h) => h !== 'soun') || sampleEntries.length === 0 || sampleEntries.some((e) => e !== 'mp4a')) throw unreadable();
  if (!hasData || trackTimescale === 0) throw unreadable();
  return Math.max(movieMs, trackMs, (fragmentTicks / trackTimescale) * 1000);
}
