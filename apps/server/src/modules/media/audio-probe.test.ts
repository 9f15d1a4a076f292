import { describe, expect, it } from 'vitest';
import { m4aAac, oggOpus, webmOpus } from '../../../test/support/voice-files.ts';
import { AudioRejectedError, oggCrc, probeAudio } from './audio-probe.ts';

const reason = (data: Buffer) => {
  try {
    probeAudio(data);
  } catch (err) {
    if (err instanceof AudioRejectedError) return err.reason;
    throw err;
  }
  return 'accepted';
};

describe('probeAudio', () => {
  it('reads the length of MediaRecorder’s WebM (no Duration element) from its last block', () => {
    expect(probeAudio(webmOpus(3))).toEqual({ mime: 'audio/webm', durationMs: 2980 });
    expect(probeAudio(webmOpus(125)).durationMs).toBe(124_980);
  });

  it('never believes a WebM Duration shorter than its blocks', () => {
    expect(probeAudio(webmOpus(125, { statedSeconds: 5 })).durationMs).toBe(124_980);
    expect(probeAudio(webmOpus(2, { statedSeconds: 2 })).durationMs).toBe(2000);
  });

  it('reads an Ogg/Opus note (WhatsApp’s) from its last granule position, minus the pre-skip', () => {
    expect(probeAudio(oggOpus(4))).toEqual({ mime: 'audio/ogg', durationMs: 4000 });
    expect(probeAudio(oggOpus(130)).durationMs).toBe(130_000);
  });

  it('reads an AAC/MP4 note, progressive or in fragments (Safari)', () => {
    expect(probeAudio(m4aAac(3))).toEqual({ mime: 'audio/mp4', durationMs: 3000 });
    const fragmented = probeAudio(m4aAac(125, { fragmented: true }));
    expect(fragmented.mime).toBe('audio/mp4');
    expect(fragmented.durationMs).toBeGreaterThan(124_900);
  });

  it('refuses what is not one of the three containers, whatever it is called', () => {
    expect(reason(Buffer.from('%PDF-1.7 hola'))).toBe('not_audio');
    expect(reason(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('not_audio');
    expect(reason(Buffer.alloc(0))).toBe('not_audio');
  });

  it('refuses a broken, empty or non-audio file of a known container', () => {
    const webm = webmOpus(2);
    expect(reason(webm.subarray(0, webm.length - 2))).toBe('unreadable');
    expect(reason(webmOpus(2, { codec: 'V_VP8', trackType: 1 }))).toBe('unreadable');
    expect(reason(webmOpus(0))).toBe('unreadable');
    const ogg = Buffer.from(oggOpus(2));
    ogg.writeUInt8(ogg.readUInt8(ogg.length - 1) ^ 0xff, ogg.length - 1); // the last page's checksum no longer matches
    expect(reason(ogg)).toBe('unreadable');
    expect(reason(oggOpus(2).subarray(0, 200))).toBe('unreadable');
    expect(reason(m4aAac(2, { handler: 'vide' }))).toBe('unreadable');
    expect(reason(m4aAac(2).subarray(0, 100))).toBe('unreadable');
  });

  it('computes Ogg’s page checksum (CRC-32, polynomial 04C11DB7, no reflection, no final xor)', () => {
    expect(oggCrc(Buffer.from('123456789'))).toBe(0x89a1897f);
  });
});
