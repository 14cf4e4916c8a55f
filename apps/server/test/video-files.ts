// Videos made in the tests: the boxes of an MP4 that say its length (ftyp, then moov with its mvhd), with media
// data before or after the moov as encoders write it, and the 64-bit box size of files past 4 GB.
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

/** A box with the 64-bit size form (size 1, then the size in 8 bytes). */
const largeBox = (type: string, body: Buffer) => {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + body.length), 8);
  return Buffer.concat([header, body]);
};

const movieHeader = (version: 0 | 1, timescale: number, duration: number) => {
  if (version === 0) {
    const body = Buffer.alloc(100);
    body.writeUInt32BE(timescale, 12);
    body.writeUInt32BE(duration, 16);
    return box('mvhd', body);
  }
  const body = Buffer.alloc(112);
  body[0] = 1;
  body.writeUInt32BE(timescale, 20);
  body.writeBigUInt64BE(BigInt(duration), 24);
  return box('mvhd', body);
};

/** mvex with its mehd (version 1: 64-bit): the whole length of a fragmented file. */
const movieExtends = (fragmentDuration: number) => {
  const body = Buffer.alloc(12);
  body[0] = 1;
  body.writeBigUInt64BE(BigInt(fragmentDuration), 4);
  return box('mvex', box('mehd', body), box('trex', Buffer.alloc(24)));
};

/**
 * An MP4 of `duration / timescale` seconds; `moovLast` puts the media data first, as a camera writes it;
 * `fragmented` writes 0 in mvhd and the length in mvex/mehd, as a fragmenting muxer does.
 */
export const mp4Of = ({
  timescale,
  duration,
  version = 0,
  moovLast = false,
  largeMediaBox = false,
  fragmented = false,
}: {
  timescale: number;
  duration: number;
  version?: 0 | 1;
  moovLast?: boolean;
  largeMediaBox?: boolean;
  fragmented?: boolean;
}) => {
  const ftyp = box('ftyp', Buffer.from('isom\u0000\u0000\u0002\u0000isomiso2avc1mp41', 'latin1'));
  const moov = fragmented
    ? box('moov', movieHeader(version, timescale, 0), box('trak', Buffer.alloc(40)), movieExtends(duration))
    : box('moov', movieHeader(version, timescale, duration), box('trak', Buffer.alloc(40)));
  const media = Buffer.alloc(2048, 0x11);
  const mdat = largeMediaBox ? largeBox('mdat', media) : box('mdat', media);
  return Buffer.concat(moovLast ? [ftyp, mdat, moov] : [ftyp, moov, mdat]);
};
