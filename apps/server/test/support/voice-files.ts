import { oggCrc } from '../../src/modules/media/audio-probe.ts';

/**
 * Real, small voice-note files for tests (decision 060), built from Opus's 20 ms silent frame
 * (TOC 0xF8: CELT full band, 20 ms, mono; body FF FE) and AAC-LC's mono silent frame, so no
 * encoder is needed: a minute of silence is about 10 KB. Each writer lays its container out the
 * way a recorder does (WebM: unknown-size Segment and Clusters, no Duration, like MediaRecorder;
 * Ogg: WhatsApp's layout; MP4: progressive or fragmented like Safari).
 */

const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
const PRE_SKIP = 312;
const opusHead = () => {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(48_000, 12);
  return head;
};
const frames = (seconds: number) => Math.round((seconds * 1000) / 20);

// ---------------------------------------------------------------- WebM

const ebmlSize = (n: number) => {
  const b = Buffer.alloc(8);
  b[0] = 0x01;
  b.writeUIntBE(n, 2, 6);
  return b;
};
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const el = (id: number, ...payload: Buffer[]) => {
  const hex = id.toString(16);
  const idBytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const body = Buffer.concat(payload);
  return Buffer.concat([idBytes, ebmlSize(body.length), body]);
};
const uint = (id: number, v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return el(id, b);
};
const str = (id: number, s: string) => el(id, Buffer.from(s, 'latin1'));
const float64 = (id: number, v: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(v);
  return el(id, b);
};

/** Opus in WebM, `seconds` long; `statedSeconds` writes a Duration element (MediaRecorder writes none); `codec` to forge another track. */
export function webmOpus(seconds: number, options: { statedSeconds?: number; codec?: string; trackType?: number } = {}): Buffer {
  const header = el(0x1a45dfa3, uint(0x4286, 1), uint(0x42f7, 1), uint(0x42f2, 4), uint(0x42f3, 8), str(0x4282, 'webm'), uint(0x4287, 4), uint(0x4285, 2));
  const info = el(
    0x1549a966,
    uint(0x2ad7b1, 1_000_000),
    str(0x4d80, 'ArreglaYa tests'),
    str(0x5741, 'ArreglaYa tests'),
    ...(options.statedSeconds !== undefined ? [float64(0x4489, options.statedSeconds * 1000)] : []),
  );
  const tracks = el(
    0x1654ae6b,
    el(
      0xae,
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x83, options.trackType ?? 2),
      str(0x86, options.codec ?? 'A_OPUS'),
      el(0x63a2, opusHead()),
      el(0xe1, float64(0xb5, 48_000), uint(0x9f, 1)),
    ),
  );
  const clusters: Buffer[] = [];
  const total = frames(seconds);
  for (let first = 0; first < total; first += 50) {
    const blocks: Buffer[] = [];
    for (let i = first; i < Math.min(total, first + 50); i++) {
      const head = Buffer.alloc(4);
      head[0] = 0x81; // track 1
      head.writeInt16BE((i - first) * 20, 1);
      head[3] = 0x80; // keyframe
      blocks.push(el(0xa3, head, OPUS_SILENCE));
    }
    // Unknown-size clusters, as MediaRecorder writes them.
    clusters.push(Buffer.concat([Buffer.from([0x1f, 0x43, 0xb6, 0x75]), UNKNOWN_SIZE, uint(0xe7, first * 20), ...blocks]));
  }
  return Buffer.concat([header, Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN_SIZE, info, tracks, ...clusters]);
}

// ---------------------------------------------------------------- Ogg

function oggPage(flags: number, granule: bigint, sequence: number, packets: Buffer[]): Buffer {
  const lacing: number[] = [];
  for (const p of packets) {
    let n = p.length;
    while (n >= 255) {
      lacing.push(255);
      n -= 255;
    }
    lacing.push(n);
  }
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(0x5eed, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = lacing.length;
  const page = Buffer.concat([header, Buffer.from(lacing), ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** Opus in Ogg (a WhatsApp voice note's container), `seconds` long. */
export function oggOpus(seconds: number): Buffer {
  const tags = Buffer.alloc(8 + 4 + 5 + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(5, 8);
  tags.write('tests', 12, 'latin1');
  const pages = [oggPage(0x02, 0n, 0, [opusHead()]), oggPage(0, 0n, 1, [tags])];
  const total = frames(seconds);
  for (let first = 0, seq = 2; first < total; first += 50, seq++) {
    const count = Math.min(50, total - first);
    const last = first + count >= total;
    pages.push(
      oggPage(
        last ? 0x04 : 0,
        BigInt(PRE_SKIP + (first + count) * 960),
        seq,
        Array.from({ length: count }, () => OPUS_SILENCE),
      ),
    );
  }
  return Buffer.concat(pages);
}

// ---------------------------------------------------------------- MP4

const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
  return b;
};
const full = (type: string, version: number, flags: number, ...payload: Buffer[]) => box(type, u32(((version << 24) | flags) >>> 0), ...payload);
const AAC_SILENCE = Buffer.from([0x01, 0x40, 0x20, 0x07]);
const AAC_RATE = 44_100;
const MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

/** AAC in MP4 (Safari's MediaRecorder), `seconds` long; `fragmented` lays the samples in moof fragments with empty header durations. */
export function m4aAac(seconds: number, options: { fragmented?: boolean; handler?: string } = {}): Buffer {
  const count = Math.round((seconds * AAC_RATE) / 1024);
  const fragmented = options.fragmented ?? false;
  const ftyp = box('ftyp', Buffer.from('M4A '), u32(0), Buffer.from('M4A isomiso6mp42'));
  const mvhd = full(
    'mvhd',
    0,
    0,
    u32(0, 0, 1000, fragmented ? 0 : Math.round(seconds * 1000), 0x00010000),
    Buffer.from([0x01, 0x00, 0, 0]),
    Buffer.alloc(8),
    MATRIX,
    Buffer.alloc(24),
    u32(2),
  );
  const esds = full(
    'esds',
    0,
    0,
    Buffer.from([0x03, 0x19, 0x00, 0x01, 0x00, 0x04, 0x11, 0x40, 0x15, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x02, 0x12, 0x08, 0x06, 0x01, 0x02]),
  );
  const mp4a = box('mp4a', Buffer.alloc(6), Buffer.from([0, 1]), Buffer.alloc(8), Buffer.from([0, 1, 0, 16, 0, 0, 0, 0]), u32(AAC_RATE << 16), esds);
  const sizes = Array.from({ length: fragmented ? 0 : count }, () => AAC_SILENCE.length);
  const stbl = box(
    'stbl',
    full('stsd', 0, 0, u32(1), mp4a),
    full('stts', 0, 0, fragmented ? u32(0) : u32(1, count, 1024)),
    full('stsc', 0, 0, fragmented ? u32(0) : u32(1, 1, count, 1)),
    full('stsz', 0, 0, u32(0, sizes.length, ...sizes)),
    full('stco', 0, 0, u32(0)),
  );
  const trak = box(
    'trak',
    full('tkhd', 0, 3, u32(0, 0, 1, 0, fragmented ? 0 : Math.round(seconds * 1000)), Buffer.alloc(8), Buffer.from([0, 0, 0, 0, 0x01, 0x00, 0, 0]), MATRIX, u32(0, 0)),
    box(
      'mdia',
      full('mdhd', 0, 0, u32(0, 0, AAC_RATE, fragmented ? 0 : count * 1024), Buffer.from([0x55, 0xc4, 0, 0])),
      full('hdlr', 0, 0, u32(0), Buffer.from(options.handler ?? 'soun', 'latin1'), Buffer.alloc(12), Buffer.from('SoundHandler\0')),
      box('minf', full('smhd', 0, 0, u32(0)), box('dinf', full('dref', 0, 0, u32(1), full('url ', 0, 1))), stbl),
    ),
  );
  const mdat = box('mdat', ...Array.from({ length: count }, () => AAC_SILENCE));
  if (!fragmented) return Buffer.concat([ftyp, box('moov', mvhd, trak), mdat]);
  const moov = box('moov', mvhd, trak, box('mvex', full('trex', 0, 0, u32(1, 1, 0, 0, 0))));
  // One fragment per second of samples, each with its decode time and per-sample durations.
  const parts: Buffer[] = [ftyp, moov];
  for (let first = 0, seq = 1; first < count; first += 43, seq++) {
    const n = Math.min(43, count - first);
    const samples = u32(...Array.from({ length: n }, () => [1024, AAC_SILENCE.length]).flat());
    const traf = box('traf', full('tfhd', 0, 0x020000, u32(1)), full('tfdt', 1, 0, u32(0, first * 1024)), full('trun', 0, 0x000301, u32(n, 0), samples));
    parts.push(box('moof', full('mfhd', 0, 0, u32(seq)), traf), box('mdat', ...Array.from({ length: n }, () => AAC_SILENCE)));
  }
  return Buffer.concat(parts);
}
